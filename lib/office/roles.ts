/**
 * The office's roles (DESIGN section 1, issue 18): a reviewer works the queue
 * and reviews requests; finance handles payments, refunds and the export; an
 * admin does everything, and alone changes the catalogue, the staff and reads
 * the audit log. Shared by the console's API (checked on every route) and its
 * screens (which hide what a role cannot do).
 */
export const STAFF_ROLES = ['reviewer', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const OFFICE_PERMISSIONS = {
  dashboard: ['reviewer', 'finance', 'admin'],
  queue: ['reviewer', 'finance', 'admin'],
  review: ['reviewer', 'admin'],
  payments: ['finance', 'admin'],
  export: ['finance', 'admin'],
  catalogue: ['admin'],
  staff: ['admin'],
  audit: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type OfficePermission = keyof typeof OFFICE_PERMISSIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: StaffRole, permission: OfficePermission): boolean {
  return (OFFICE_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
