import type { AnswerChange } from '@/lib/contract/office';

// What the pilgrim changed since the office asked for changes (issue 41, item 7):
// the answers as they were then (requests.previous_data) against the answers
// now, per pilgrim and field, old -> new. The service's answers count too.

type Answers = Record<string, unknown>;

const record = (value: unknown): Answers => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// A companion's stable id (issue 42) names them; it is not an answer, and older answers have none.
const NOT_ANSWERS = new Set(['pilgrim_id']);

function fieldsChanged(pilgrim: string, before: Answers, after: Answers): AnswerChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !NOT_ANSWERS.has(field));
  return fields.filter((field) => !same(before[field], after[field])).map((field) => ({ pilgrim, field, old: before[field] ?? null, new: after[field] ?? null }));
}

const idOf = (companion: Answers): string | null => (typeof companion.pilgrim_id === 'string' && companion.pilgrim_id ? companion.pilgrim_id : null);

/**
 * Each companion is compared with themselves, matched by their id (issue 57, item 1): a reorder changes
 * nobody's answers, and a companion added since has every answer new. Answers saved before ids existed are
 * matched by place. A companion removed since is listed as `removed-<their place then>`, every answer gone.
 */
export function answerChanges(previous: Answers | null | undefined, current: Answers): AnswerChange[] {
  if (!previous) return [];
  const before = list(previous.companions).map(record);
  const matched = new Set<number>();
  const now = list(current.companions)
    .map(record)
    .flatMap((companion, i) => {
      const id = idOf(companion);
      const then = id ? before.findIndex((old) => idOf(old) === id) : i < before.length && !idOf(before[i]!) ? i : -1;
      if (then >= 0) matched.add(then);
      return fieldsChanged(`companion-${i}`, then >= 0 ? before[then]! : {}, companion);
    });
  const removed = before.flatMap((companion, then) => (matched.has(then) ? [] : fieldsChanged(`removed-${then}`, companion, {})));
  return [
    ...fieldsChanged('service', record(previous.service), record(current.service)),
    ...fieldsChanged('applicant', record(previous.applicant), record(current.applicant)),
    ...now,
    ...removed,
  ];
}
