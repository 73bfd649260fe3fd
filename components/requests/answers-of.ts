/** One pilgrim's answers as the wizard saves them (any field may still be missing). */
export type PersonAnswers = Partial<Record<string, unknown>>;

export type RequestAnswers = {
  service: PersonAnswers;
  applicant: PersonAnswers;
  companions: PersonAnswers[];
  declared: boolean;
};

const record = (value: unknown): PersonAnswers => (value && typeof value === 'object' && !Array.isArray(value) ? (value as PersonAnswers) : {});

/** The saved answers, grouped as the application asks them; unknown shapes read as empty. */
export function answersOf(data: Record<string, unknown>): RequestAnswers {
  return {
    service: record(data.service),
    applicant: record(data.applicant),
    companions: Array.isArray(data.companions) ? data.companions.map(record) : [],
    declared: record(data.declaration).declaration === true,
  };
}

/** A text answer, or null when it was not given. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The pilgrim's name in the page's script first. */
export function personName(person: PersonAnswers, locale: string): string | null {
  const [first, second] = locale === 'ar' ? [person.name_ar, person.name_latin] : [person.name_latin, person.name_ar];
  return text(first) ?? text(second);
}

/** The pilgrim a document belongs to ('applicant', 'companion-0', …) and their companion number. */
export function pilgrimOf(key: string, answers: RequestAnswers): { person: PersonAnswers; companion: number | null } {
  const match = /^companion-(\d+)$/.exec(key);
  if (!match) return { person: answers.applicant, companion: null };
  const index = Number(match[1]);
  return { person: answers.companions[index] ?? {}, companion: index + 1 };
}
