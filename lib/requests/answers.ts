import { z } from '@/lib/validation/z';
import { CalendarDate, IslamicUmalquraCalendar, toCalendar, today } from '@internationalized/date';
import { encodeRule, numericText, rules, textField, type Rule } from '@/lib/validation/rules';
import { formatHijri, parseHijri } from '@/lib/validation/hijri';
import { passportNumberText } from '@/lib/validation/passport-number';
import { westernDigits } from '@/lib/validation/digits';
import { mobileE164 } from '@/lib/validation/phone';
import { isMinorOn } from './minor';
import { travelMonthProblem, type Season } from './travel-months';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

// The answers of an application, step by step, shared by the wizard and the
// API. Autosave keeps whatever was typed; these checks run when a step is
// finished ("Continue") and, for the whole request, on submit.

export { ADULT_AGE, isMinorOn } from './minor';

export const GENDERS = ['male', 'female'] as const;
export const RELATIONS = ['spouse', 'child', 'parent', 'sibling', 'relative', 'other'] as const;

const ummAlQura = new IslamicUmalquraCalendar();

/** A Hijri date → a comparable Umm al-Qura CalendarDate, or null. */
function hijriDate(text: unknown): CalendarDate | null {
  const parsed = typeof text === 'string' ? parseHijri(westernDigits(text.trim())) : null;
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
  return toCalendar(today(OFFICE_TIME_ZONE), ummAlQura);
}

/**
 * The mobile number read with the person's nationality as its country
 * ("050 123 4567" from a Saudi → +966501234567) before the fields are checked;
 * a number that cannot be read stays as typed, for the phone rule to refuse.
 */
function withMobileE164(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const person = raw as Record<string, unknown>;
  if (typeof person.mobile !== 'string') return raw;
  const nationality = typeof person.nationality === 'string' ? person.nationality.trim() : undefined;
  const e164 = mobileE164(person.mobile, nationality);
  return e164 ? { ...person, mobile: e164 } : raw;
}

/**
 * The passport rule of issue 40: valid until at least six months after the
 * travel month (MM-YYYY), checked on the step where the expiry is given, not
 * only on submit. The message names the date it must reach. No rule before a
 * travel month is chosen; a malformed date is the date rule's to report.
 */
function passportValidity(travelMonth: unknown): Rule[] {
  const until = typeof travelMonth === 'string' ? passportValidUntil(westernDigits(travelMonth.trim())) : null;
  if (!until) return [];
  return [{
    name: 'passport_validity',
    params: { date: formatHijri({ day: until.day, month: until.month, year: until.year }) },
    check: (value) => {
      const expiry = hijriDate(value);
      return !expiry || expiry.compare(until) >= 0;
    },
  }];
}

const personFields = (contactsOptional: boolean, travelMonth?: unknown) => ({
  name_ar: textField([rules.max(100), rules.arabic_name()]),
  name_latin: textField([rules.max(100), rules.latin_name()]),
  gender: textField([rules.one_of(GENDERS)]),
  date_of_birth: textField([rules.hijri_date_format()], numericText),
  nationality: textField([rules.regex(/^[A-Z]{2}$/)]),
  national_id: textField([rules.numeric(), rules.min(5), rules.max(20)], numericText),
  passport_number: textField([rules.alpha_num(), rules.min(6), rules.max(12)], passportNumberText),
  passport_expiry: textField([rules.hijri_date_format(), ...passportValidity(travelMonth)], numericText),
  // E.164 by now when the number could be read (withMobileE164): the rule refuses what could not.
  mobile: textField([rules.phone()], { optional: contactsOptional, prepare: westernDigits }),
  email: textField([rules.email(), rules.max(254)], { optional: contactsOptional }),
});

function pastBirth(person: { date_of_birth?: string }, ctx: z.RefinementCtx) {
  const birth = hijriDate(person.date_of_birth);
  if (birth && birth.compare(todayHijri()) >= 0) {
    ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: encodeRule('past_date') });
  }
}

/** The applicant; with the travel month (MM-YYYY), the passport must last six months past it. */
export function personSchemaFor(travelMonth?: unknown) {
  return z.preprocess(withMobileE164, z.object(personFields(false, travelMonth)).superRefine(pastBirth));
}

export const personSchema = personSchemaFor();

/**
 * A companion: the applicant's fields and the relation. Mobile and e-mail may
 * be left empty by a companion under 18 on the travel month (MM-YYYY), who is
 * reached through the applicant.
 */
export function companionSchemaFor(travelMonth?: unknown) {
  return z.preprocess(
    withMobileE164,
    // pilgrim_id: the companion's stable id (issue 42), kept through the checks; never typed by anyone.
    z.object({ ...personFields(true, travelMonth), relation: textField([rules.one_of(RELATIONS)]), pilgrim_id: z.string().max(64).optional() }).superRefine((person, ctx) => {
      pastBirth(person, ctx);
      if (isMinorOn(person.date_of_birth, travelMonth)) return;
      for (const field of ['mobile', 'email'] as const) {
        if (person[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: encodeRule('required') });
      }
    }),
  );
}

export const companionSchema = companionSchemaFor();

/** The service step; with the season, only a month that can still be travelled (travel-months.ts). */
export function serviceSchema(packages: readonly string[], season?: Season) {
  return z.object({
    package: textField([rules.one_of(packages)]),
    travel_month: textField([rules.hijri_month()]).superRefine((month, ctx) => {
      const problem = season && month ? travelMonthProblem(month, season) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: encodeRule(problem) });
    }),
  });
}

export function companionsSchema(limit: number, travelMonth?: unknown) {
  return z.array(companionSchemaFor(travelMonth)).superRefine((list, ctx) => {
    if (list.length > limit) ctx.addIssue({ code: 'custom', message: encodeRule('max_items', { max: limit }) });
  });
}

export const declarationSchema = z.object({ declaration: z.unknown().superRefine((value, ctx) => {
  if (!rules.accepted().check(value)) ctx.addIssue({ code: 'custom', message: encodeRule('accepted') });
}) });

export type RequestTypeRules = {
  packages: readonly string[];
  companionLimit: number;
  seasonStart: string;
  seasonEnd: string;
  applicationsClose?: string | null;
  pilgrimageStart?: string | null;
  pilgrimageEnd?: string | null;
};

/** The season of a service as the database holds it, in the shape the travel months read (travel-months.ts). */
export const seasonOf = (type: RequestTypeRules): Season => ({
  start: type.seasonStart,
  end: type.seasonEnd,
  applications_close: type.applicationsClose ?? null,
  pilgrimage: type.pilgrimageStart && type.pilgrimageEnd ? { start: type.pilgrimageStart, end: type.pilgrimageEnd } : null,
});

/** The travel month of saved answers, which the companions' contacts depend on. */
export function travelMonthOf(answers: Record<string, unknown>): unknown {
  return (answers.service as { travel_month?: unknown } | null | undefined)?.travel_month;
}

/**
 * The checks of one finished step (documents and review are checked by the
 * server from its own data); `answers` are the request's other answers.
 */
export function stepSchema(step: string, type: RequestTypeRules, answers: Record<string, unknown> = {}): z.ZodType | null {
  switch (step) {
    case 'service':
      return serviceSchema(type.packages, seasonOf(type));
    case 'applicant':
      return personSchemaFor(travelMonthOf(answers));
    case 'companions':
      return companionsSchema(type.companionLimit, travelMonthOf(answers));
    case 'declaration':
      return declarationSchema;
    default:
      return null;
  }
}

/** The answers' shape and rules on submit; see requestIssues for the whole check. */
export function requestSchema(type: RequestTypeRules, travelMonth?: unknown) {
  // A step never saved counts as empty answers, so each of its fields says what is missing.
  const orEmpty = <T extends z.ZodType>(schema: T, empty: unknown) => z.preprocess((value) => value ?? empty, schema);
  return z.object({
    service: orEmpty(serviceSchema(type.packages, seasonOf(type)), {}),
    applicant: orEmpty(personSchemaFor(travelMonth), {}),
    companions: orEmpty(companionsSchema(type.companionLimit, travelMonth), []),
    declaration: orEmpty(declarationSchema, {}),
  });
}

/** How many built request schemas are kept: a few services, each with the travel months open. */
const BUILT_SCHEMAS = 64;
const builtSchemas = new Map<string, ReturnType<typeof requestSchema>>();

/**
 * requestSchema, built once per service rules and travel month: building it
 * costs more than checking a request with it, and on the day a season opens
 * hundreds of the same service are sent at once. A schema holds no date: the
 * rules that read today do so as they check. A travel month that is not a
 * short text (only a malformed answer) is built afresh, never kept.
 */
function builtRequestSchema(type: RequestTypeRules, travelMonth: unknown) {
  if (travelMonth != null && (typeof travelMonth !== 'string' || travelMonth.length > 16)) return requestSchema(type, travelMonth);
  const key = JSON.stringify([type.packages, seasonOf(type), type.companionLimit, travelMonth ?? null]);
  let schema = builtSchemas.get(key);
  if (!schema) {
    schema = requestSchema(type, travelMonth);
    if (builtSchemas.size >= BUILT_SCHEMAS) builtSchemas.delete(builtSchemas.keys().next().value!);
    builtSchemas.set(key, schema);
  }
  return schema;
}

/**
 * Every problem of the whole request, checked on submit. Paths are full, e.g.
 * `companions.1.passport_expiry`, so each lands on its field.
 */
export async function requestIssues(type: RequestTypeRules, answers: Record<string, unknown>): Promise<z.core.$ZodIssue[]> {
  // Each passport's validity is its expiry field's own rule (passportValidity), reported even when other answers are wrong.
  const result = await builtRequestSchema(type, travelMonthOf(answers)).safeParseAsync(answers);
  return result.success ? [] : result.error.issues;
}

/**
 * A finished step's answers as the checks normalised them (Western digits,
 * E.164 mobiles), over the answers as sent: keys the checks do not know are
 * kept, so that nothing another client saves is lost.
 */
export function normalisedAnswers(sent: unknown, checked: unknown): unknown {
  if (Array.isArray(sent) && Array.isArray(checked)) return sent.map((item, index) => normalisedAnswers(item, checked[index]));
  const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
  if (!isRecord(sent) || !isRecord(checked)) return sent;
  const kept: Record<string, unknown> = { ...sent };
  for (const [key, value] of Object.entries(checked)) {
    if (typeof value === 'string') kept[key] = value;
  }
  return kept;
}
