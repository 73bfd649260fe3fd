import 'server-only';
import { randomUUID } from 'node:crypto';

// Who a pilgrim is (issue 42, issue 57 item 1; docs/FAMILIES.md, "Who a pilgrim is"). The applicant is
// 'applicant'; each companion in the answers carries `pilgrim_id`, a UUID kept through every edit, reorder
// and removal of others. Everything stored per pilgrim hangs on that key: documents (documents.pilgrim),
// the office's flags and notes (requests.flagged, requests.flag_notes), invitations (invitations.pilgrim_id).
// The API still says `companion-0`, `companion-1`, … (the place in the list now): a label made when a
// request is read, and read back to the key when a call names a pilgrim, never stored.

type Answers = Record<string, unknown>;

export const APPLICANT = 'applicant';

const PILGRIM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A companion's id as the portal keeps it (a UUID, lower case), or null for anything else. */
export function pilgrimIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.toLowerCase();
  return PILGRIM_ID.test(id) ? id : null;
}

export function companionsOf(data: Answers): Answers[] {
  const list = Array.isArray(data.companions) ? data.companions : [];
  return list.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? (item as Answers) : {}));
}

/** `companion-<n>` → its place in the list, or null for anything else. */
export function companionIndexOf(pilgrim: string): number | null {
  const match = /^companion-(0|[1-9]\d{0,2})$/.exec(pilgrim);
  return match ? Number(match[1]) : null;
}

/** The companion whose stable id this is, with the label the API gives them now; null when no longer on the request. */
export function companionById(data: Answers, pilgrimId: string): { pilgrim: string; index: number; answers: Answers } | null {
  const companions = companionsOf(data);
  const index = companions.findIndex((companion) => pilgrimIdOf(companion.pilgrim_id) === pilgrimId);
  return index < 0 ? null : { pilgrim: `companion-${index}`, index, answers: companions[index]! };
}

/** The companions' ids, in their order (a companion without one, saved before ids existed, has none: left out). */
export function companionIdsOf(data: Answers): string[] {
  return companionsOf(data).flatMap((companion) => pilgrimIdOf(companion.pilgrim_id) ?? []);
}

/** Each pilgrim on the request now by the key stored against them, with the label the API gives them. */
export function pilgrimKeysOf(data: Answers): { key: string; label: string }[] {
  const companions = companionsOf(data).flatMap((companion, index) => {
    const id = pilgrimIdOf(companion.pilgrim_id);
    return id ? [{ key: id, label: `companion-${index}` }] : [];
  });
  return [{ key: APPLICANT, label: APPLICANT }, ...companions];
}

/** The label of a stored key ('applicant', or `companion-<n>` from the list now); null when that pilgrim is not on the request. */
export function pilgrimLabelOf(data: Answers, key: string): string | null {
  if (key === APPLICANT) return APPLICANT;
  return companionById(data, key)?.pilgrim ?? null;
}

/**
 * The stored key of the pilgrim a call names: 'applicant', `companion-<n>` (whoever is at that place now), or a
 * companion's id. Null when no pilgrim on the request is so named.
 */
export function pilgrimKeyOf(data: Answers, named: string): string | null {
  if (named === APPLICANT) return APPLICANT;
  const index = companionIndexOf(named);
  if (index !== null) return pilgrimIdOf(companionsOf(data)[index]?.pilgrim_id);
  const id = pilgrimIdOf(named);
  return id && companionById(data, id) ? id : null;
}

/**
 * The companions as they are saved, by any path: each object gets an id when it has none (or one that is not a
 * portal id), and an id met twice in the list is the first one's: the later entry gets a new one. A companion
 * sent without its id is a new person, so nothing stored against anyone moves to them. Anything but a list is
 * left as it is (a draft may hold unfinished answers); so is an entry that is not an object.
 */
export function withPilgrimIds(companions: unknown): unknown {
  if (!Array.isArray(companions)) return companions;
  const seen = new Set<string>();
  return companions.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const given = pilgrimIdOf((item as Answers).pilgrim_id);
    const id = given && !seen.has(given) ? given : randomUUID();
    seen.add(id);
    return (item as Answers).pilgrim_id === id ? item : { ...(item as Answers), pilgrim_id: id };
  });
}

/** The companions in `before` who are not in `after`, by id: a reorder removes no one. */
export function removedCompanions(before: Answers, after: Answers): string[] {
  const kept = new Set(companionIdsOf(after));
  return companionIdsOf(before).filter((id) => !kept.has(id));
}

/** Something stored per pilgrim (flags, notes), as the API answers it: by label, those no longer on the request left out. */
export function byLabel<T>(data: Answers, byKey: Record<string, T>): Record<string, T> {
  const result: Record<string, T> = {};
  for (const [key, value] of Object.entries(byKey)) {
    const label = pilgrimLabelOf(data, key);
    if (label) result[label] = value;
  }
  return result;
}

/** The same, as a call gives it (by label or id), by stored key; `unknown` gets each name no pilgrim on the request has. */
export function byKey<T>(data: Answers, byName: Record<string, T>, unknown: (name: string) => void): Record<string, T> {
  const result: Record<string, T> = {};
  for (const [name, value] of Object.entries(byName)) {
    const key = pilgrimKeyOf(data, name);
    if (key) result[key] = value;
    else unknown(name);
  }
  return result;
}

/** The stored keys in `byKey` but those of `gone`. */
export function without<T>(byKey: Record<string, T> | null, gone: string[]): Record<string, T> | null {
  if (!byKey) return byKey;
  return Object.fromEntries(Object.entries(byKey).filter(([key]) => !gone.includes(key)));
}
