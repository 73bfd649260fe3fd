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

export function answerChanges(previous: Answers | null | undefined, current: Answers): AnswerChange[] {
  if (!previous) return [];
  const companions = Math.max(list(previous.companions).length, list(current.companions).length);
  return [
    ...fieldsChanged('service', record(previous.service), record(current.service)),
    ...fieldsChanged('applicant', record(previous.applicant), record(current.applicant)),
    ...Array.from({ length: companions }, (_, i) => fieldsChanged(`companion-${i}`, record(list(previous.companions)[i]), record(list(current.companions)[i]))).flat(),
  ];
}
