import 'server-only';

// A request's companions by their stable id (issue 42): each companion in the
// answers carries `pilgrim_id`, kept when others are removed; the rest of the
// request (documents, flags) still names them by their place, `companion-<n>`.

type Answers = Record<string, unknown>;

export function companionsOf(data: Answers): Answers[] {
  const list = Array.isArray(data.companions) ? data.companions : [];
  return list.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? (item as Answers) : {}));
}

/** `companion-<n>` → its place in the list, or null for anything else. */
export function companionIndexOf(pilgrim: string): number | null {
  const match = /^companion-(0|[1-9]\d{0,2})$/.exec(pilgrim);
  return match ? Number(match[1]) : null;
}

/** The companion whose stable id this is, with the name the rest of the request gives them; null when no longer on it. */
export function companionById(data: Answers, pilgrimId: string): { pilgrim: string; index: number; answers: Answers } | null {
  const index = companionsOf(data).findIndex((companion) => companion.pilgrim_id === pilgrimId);
  return index < 0 ? null : { pilgrim: `companion-${index}`, index, answers: companionsOf(data)[index]! };
}
