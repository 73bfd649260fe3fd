'use client';

import { officeRequest, type StaffMemberData } from './office-client';
import type { StaffCodeInput, StaffLoginInput, StaffSetPasswordInput } from './schemas';

// The console's sign-in calls (app/api/v1/office/auth/*).

export type PasswordStep = { next: 'code'; challenge: string } | { next: 'enrol'; challenge: string; secret: string; otpauth_uri: string };
export type CodeStep = { data: StaffMemberData; recovery_codes?: string[] };

export const staffPasswordStep = (input: StaffLoginInput) => officeRequest<{ data: PasswordStep }>('/auth/login', { method: 'POST', body: input }).then((r) => r.data);
export const staffCodeStep = (input: StaffCodeInput) => officeRequest<CodeStep>('/auth/code', { method: 'POST', body: input });
export const staffSetPassword = (input: StaffSetPasswordInput) => officeRequest<null>('/auth/set-password', { method: 'POST', body: input });
export const staffSignOut = () => officeRequest<null>('/auth/logout', { method: 'POST' });
