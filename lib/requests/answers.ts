import { z } from '@/lib/validation/z';
import { CalendarDate, IslamicUmalquraCalendar, toCalendar, today } from '@internationalized/date';
import { encodeRule, rules, textField } from '@/lib/validation/rules';
import { parseHijri } from '@/lib/validation/hijri';

// The answers of an application, step by step, shared by the wizard and the
// API. Autosave keeps whatever was typed; these checks run when a step is
// finished ("Continue") and, for the whole request, on submit.

export const GENDERS = ['male', 'female'] as const;
export const RELATIONS = ['spouse', 'child', 'parent', 'sibling', 'relative', 'other'] as const;

const ummAlQura = new IslamicUmalquraCalendar();

/** A Hijri date → a comparable Umm al-Qura CalendarDate, or null. */
function hijriDate(text: unknown): CalendarDate | null {
  const parsed = typeof text === 'string' ? parseHijri(text) : null;
  return parsed ? new CalendarDate(ummAlQura, parsed.year, parsed.month, parsed.day) : null;
}

/** The last day by which a passport must still be valid: six months after the travel month ends. */
export function passportValidUntil(travelMonth: string): CalendarDate | null {
  const match = /^(0[1-9]|1[0-2])-(\d{4})$/.exec(travelMonth);
  if (!match) return null;
  const firstOfMonth = new CalendarDate(ummAlQura, Number(match[2]), Number(match[1]), 1);
  return firstOfMonth.add({ months: 7 }).subtract({ days: 1 });
}

function todayHijri(): CalendarDate {
  return toCalendar(today('Asia/Riyadh'), ummAlQura);
}

export const personSchema = z
  .object({
    name_ar: textField([rules.max(100), rules.arabic_name()]),
    name_latin: textField([rules.max(100), rules.latin_name()]),
    gender: textField([rules.one_of(GENDERS)]),
    date_of_birth: textField([rules.hijri_date_format()]),
    nationality: textField([rules.regex(/^[A-Z]{2}$/)]),
    national_id: textField([rules.numeric(), rules.min(5), rules.max(20)]),
    passport_number: textField([rules.alpha_num(), rules.min(6), rules.max(12)]),
    passport_expiry: textField([rules.hijri_date_format()]),
    mobile: textField([rules.regex(/^\+?\d{8,15}$/)]),
    email: textField([rules.email(), rules.max(254)]),
  })
  .superRefine((person, ctx) => {
    const birth = hijriDate(person.date_of_birth);
    if (birth && birth.compare(todayHijri()) >= 0) {
      ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: encodeRule('past_date') });
    }
  });

export const companionSchema = personSchema.and(z.object({ relation: textField([rules.one_of(RELATIONS)]) }));

export function serviceSchema(packages: readonly string[]) {
  return z.object({
    package: textField([rules.one_of(packages)]),
    travel_month: textField([rules.hijri_month()]),
  });
}

export function companionsSchema(limit: number) {
  return z.array(companionSchema).superRefine((list, ctx) => {
    if (list.length > limit) ctx.addIssue({ code: 'custom', message: encodeRule('max_items', { max: limit }) });
  });
}

export const declarationSchema = z.object({ declaration: z.unknown().superRefine((value, ctx) => {
  if (!rules.accepted().check(value)) ctx.addIssue({ code: 'custom', message: encodeRule('accepted') });
}) });

export type RequestTypeRules = { packages: readonly string[]; companionLimit: number };

/** The checks of one finished step (documents and review are checked by the server from its own data). */
export function stepSchema(step: string, type: RequestTypeRules): z.ZodType | null {
  switch (step) {
    case 'service':
      return serviceSchema(type.packages);
    case 'applicant':
      return personSchema;
    case 'companions':
      return companionsSchema(type.companionLimit);
    case 'declaration':
      return declarationSchema;
    default:
      return null;
  }
}

/** The answers' shape and rules on submit; see requestIssues for the whole check. */
export function requestSchema(type: RequestTypeRules) {
  // A step never saved counts as empty answers, so each of its fields says what is missing.
  const orEmpty = <T extends z.ZodType>(schema: T, empty: unknown) => z.preprocess((value) => value ?? empty, schema);
  return z.object({
    service: orEmpty(serviceSchema(type.packages), {}),
    applicant: orEmpty(personSchema, {}),
    companions: orEmpty(companionsSchema(type.companionLimit), []),
    declaration: orEmpty(declarationSchema, {}),
  });
}

/**
 * Passports valid six months past the travel month. Checked from the raw
 * answers on its own, so that it is reported even when other answers are
 * still wrong.
 */
export function passportIssues(answers: Record<string, unknown>): z.core.$ZodIssue[] {
  const service = answers.service as { travel_month?: unknown } | undefined;
  const validUntil = passportValidUntil(String(service?.travel_month ?? ''));
  if (!validUntil) return [];
  const companions = Array.isArray(answers.companions) ? answers.companions : [];
  const people: [(string | number)[], unknown][] = [
    [['applicant'], (answers.applicant as { passport_expiry?: unknown } | undefined)?.passport_expiry],
    ...companions.map((c, i): [(string | number)[], unknown] => [['companions', i], (c as { passport_expiry?: unknown } | null)?.passport_expiry]),
  ];
  return people.flatMap(([path, expiry]) => {
    const date = hijriDate(expiry);
    return date && date.compare(validUntil) < 0
      ? [{ code: 'custom' as const, path: [...path, 'passport_expiry'], message: encodeRule('passport_validity'), input: expiry }]
      : [];
  });
}

/**
 * Every problem of the whole request, checked on submit. Paths are full, e.g.
 * `companions.1.passport_expiry`, so each lands on its field.
 */
export async function requestIssues(type: RequestTypeRules, answers: Record<string, unknown>): Promise<z.core.$ZodIssue[]> {
  const result = await requestSchema(type).safeParseAsync(answers);
  const taken = new Set((result.success ? [] : result.error.issues).map((issue) => issue.path.join('.')));
  // A date already reported as malformed is not also reported as too early.
  const passports = passportIssues(answers).filter((issue) => !taken.has(issue.path.join('.')));
  return [...(result.success ? [] : result.error.issues), ...passports];
}
