import { describe, expect, it } from 'vitest';
import { companionSchema, companionsSchema, isMinorOn, passportValidUntil, personSchema, personSchemaFor, requestIssues, serviceSchema, stepSchema } from './answers';
import { decodeRule } from '@/lib/validation/rules';
import { companion, hijriFromNow, person, SERVICE, TRAVEL_MONTH, travelMonthFromNow } from '@/test/answers';

// A season around today, as the test database has it (test/database.ts).
const SEASON = { start: hijriFromNow(-2, 1), end: hijriFromNow(12, 29) };
const TYPE = { packages: ['economy', 'standard', 'premium'], companionLimit: 13, seasonStart: SEASON.start, seasonEnd: SEASON.end };
const rulesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path.join('.'), decodeRule(issue.message)?.name]));

describe('the answers of an application', () => {
  it('a passport must last six months past the end of the travel month (Umm al-Qura months)', () => {
    // Travel in Ramadan 1447 (29 days in Umm al-Qura): valid at least until the last day of Rabi al-Awwal 1448.
    const limit = passportValidUntil('09-1447')!;
    expect([limit.year, limit.month]).toEqual([1448, 3]);
    expect(limit.add({ days: 1 }).month).toBe(4);
    expect(passportValidUntil('13-1447')).toBeNull();
  });

  it('accepts a complete, valid person', async () => {
    expect((await personSchema.safeParseAsync(person())).success).toBe(true);
    expect((await companionSchema.safeParseAsync(companion())).success).toBe(true);
  });

  it('names each broken rule of a person', async () => {
    const result = await personSchema.safeParseAsync(
      person({ name_ar: 'Aisha', name_latin: 'عائشة', gender: 'x', nationality: 'Saudi', national_id: '12', passport_number: 'A-1', mobile: '050', email: 'aisha@' }),
    );
    expect(result.success).toBe(false);
    expect(rulesOf(result.error!.issues)).toEqual({
      name_ar: 'arabic_name',
      name_latin: 'latin_name',
      gender: 'one_of',
      nationality: 'regex',
      national_id: 'min',
      passport_number: 'alpha_num',
      mobile: 'phone',
      email: 'email',
    });
  });

  it('a date of birth must be a real Hijri date in the past', async () => {
    const future = await personSchema.safeParseAsync(person({ date_of_birth: hijriFromNow(2) }));
    expect(rulesOf(future.error!.issues)).toEqual({ date_of_birth: 'past_date' });
    const unreal = await personSchema.safeParseAsync(person({ date_of_birth: '30-02-1447' }));
    expect(rulesOf(unreal.error!.issues)).toEqual({ date_of_birth: 'hijri_date_format' });
  });

  it('the service needs a package of the type and a Hijri month', async () => {
    expect((await serviceSchema(TYPE.packages).safeParseAsync(SERVICE)).success).toBe(true);
    const wrong = await serviceSchema(['standard']).safeParseAsync({ package: 'gold', travel_month: '2026-05' });
    expect(rulesOf(wrong.error!.issues)).toEqual({ package: 'one_of', travel_month: 'hijri_month' });
  });

  it('the service takes only a month of the season that has not passed (from this one, Makkah time)', async () => {
    const schema = serviceSchema(TYPE.packages, SEASON);
    expect((await schema.safeParseAsync({ ...SERVICE, travel_month: travelMonthFromNow(0) })).success).toBe(true);
    const past = await schema.safeParseAsync({ ...SERVICE, travel_month: travelMonthFromNow(-1) });
    expect(rulesOf(past.error!.issues)).toEqual({ travel_month: 'travel_month_past' });
    const beyond = await schema.safeParseAsync({ ...SERVICE, travel_month: travelMonthFromNow(13) });
    expect(rulesOf(beyond.error!.issues)).toEqual({ travel_month: 'travel_month_season' });
    const gone = await requestIssues(TYPE, { service: { ...SERVICE, travel_month: travelMonthFromNow(-1) } });
    expect(rulesOf(gone)['service.travel_month']).toBe('travel_month_past');
  });

  it('the whole request reports every problem with its full path', async () => {
    const issues = await requestIssues(TYPE, {
      service: SERVICE,
      applicant: person(),
      companions: [companion(), companion({ passport_expiry: hijriFromNow(3), relation: 'cousin' })],
    });
    expect(rulesOf(issues)).toEqual({
      'companions.1.relation': 'one_of',
      'companions.1.passport_expiry': 'passport_validity',
      'declaration.declaration': 'accepted',
    });
  });

  it('steps never saved report their fields as required', async () => {
    const issues = await requestIssues(TYPE, {});
    const rules = rulesOf(issues);
    expect(rules['service.package']).toBe('required');
    expect(rules['applicant.name_ar']).toBe('required');
    expect(rules['declaration.declaration']).toBe('accepted');
    expect(Object.keys(rules).some((path) => path.startsWith('companions'))).toBe(false);
  });

  it('a schema built once per service and travel month still follows each: another month, another passport limit; other packages, other choices', async () => {
    // A passport that lasts six months past this month's travel, not past a travel month six months later.
    const near = travelMonthFromNow(0);
    const far = travelMonthFromNow(6);
    const until = passportValidUntil(near)!;
    const expiry = `${String(until.day).padStart(2, '0')}-${String(until.month).padStart(2, '0')}-${until.year}`;
    const request = (month: string) => ({ service: { ...SERVICE, travel_month: month }, applicant: person({ passport_expiry: expiry }), declaration: { declaration: true } });
    for (let round = 0; round < 2; round++) {
      expect(rulesOf(await requestIssues(TYPE, request(near)))).toEqual({});
      expect(rulesOf(await requestIssues(TYPE, request(far)))).toEqual({ 'applicant.passport_expiry': 'passport_validity' });
    }
    // The office stops offering a package: the next check knows it.
    expect(rulesOf(await requestIssues({ ...TYPE, packages: ['economy', 'premium'] }, request(near)))).toEqual({ 'service.package': 'one_of' });
    expect(rulesOf(await requestIssues(TYPE, request(near)))).toEqual({});
  });

  it('a malformed expiry is reported once, as malformed', async () => {
    const issues = await requestIssues(TYPE, { service: SERVICE, applicant: person({ passport_expiry: 'soon' }) });
    expect(issues.filter((issue) => issue.path.join('.') === 'applicant.passport_expiry').map((issue) => decodeRule(issue.message)?.name)).toEqual(['hijri_date_format']);
  });

  it('the applicant step refuses a passport that ends before six months past the travel month, naming the day it must reach (issue 40)', async () => {
    const until = passportValidUntil(SERVICE.travel_month)!;
    const lastDay = `${String(until.day).padStart(2, '0')}-${String(until.month).padStart(2, '0')}-${until.year}`;
    const dayBefore = until.subtract({ days: 1 });
    const tooEarly = `${String(dayBefore.day).padStart(2, '0')}-${String(dayBefore.month).padStart(2, '0')}-${dayBefore.year}`;
    const step = stepSchema('applicant', TYPE, { service: SERVICE })!;
    const refused = await step.safeParseAsync(person({ passport_expiry: tooEarly }));
    expect(refused.error!.issues.map((issue) => [issue.path.join('.'), decodeRule(issue.message)])).toEqual([
      ['passport_expiry', { name: 'passport_validity', params: { date: lastDay } }],
    ]);
    // Reported even while other answers are still wrong.
    const withOthers = await step.safeParseAsync(person({ passport_expiry: tooEarly, name_latin: '', national_id: 'x' }));
    expect(rulesOf(withOthers.error!.issues)).toMatchObject({ passport_expiry: 'passport_validity', name_latin: 'required' });
    expect((await step.safeParseAsync(person({ passport_expiry: lastDay }))).success).toBe(true);
    // Before a travel month is chosen there is nothing to measure against.
    expect((await stepSchema('applicant', TYPE, {})!.safeParseAsync(person({ passport_expiry: tooEarly }))).success).toBe(true);
    expect((await personSchemaFor(SERVICE.travel_month).safeParseAsync(person({ passport_expiry: hijriFromNow(4) }))).success).toBe(false);
  });

  it('a finished step keeps the passport number in capitals (issue 40)', async () => {
    const result = await personSchema.safeParseAsync(person({ passport_number: 'a١٢٣٤٥٦٧' }));
    expect((result.data as { passport_number: string }).passport_number).toBe('A1234567');
  });
});

describe('answers as pilgrims write them', () => {
  it('takes Arabic-Indic and Extended Arabic-Indic digits in every numeric answer and keeps Western digits', async () => {
    const result = await personSchema.safeParseAsync(
      person({ date_of_birth: '١٤-٠٣-١٤١٠', national_id: '١٠١٢٣٤٥٦٧٨', passport_number: 'A۱۲۳۴۵۶۷', passport_expiry: '٠١-٠١-١٤٦٠', mobile: '٠٥٠١٢٣٤٥٦٧' }),
    );
    expect(result.error?.issues).toBeUndefined();
    expect(result.data).toMatchObject({
      date_of_birth: '14-03-1410',
      national_id: '1012345678',
      passport_number: 'A1234567',
      passport_expiry: '01-01-1460',
      mobile: '+966501234567',
    });
  });

  it('reads the mobile number with the nationality as its country and keeps it as E.164', async () => {
    const saudi = await personSchema.safeParseAsync(person({ mobile: '050 123 4567' }));
    expect(saudi.data?.mobile).toBe('+966501234567');
    const spaced = await personSchema.safeParseAsync(person({ mobile: '+966 50 123 4567', nationality: 'EG' }));
    expect(spaced.data?.mobile).toBe('+966501234567');
    const egyptian = await personSchema.safeParseAsync(person({ mobile: '010 0123 4567', nationality: 'EG' }));
    expect(egyptian.data?.mobile).toBe('+201001234567');
  });

  it('refuses a mobile number that cannot exist', async () => {
    for (const mobile of ['+12345678', '050 123 4567 ext 9', '+966 11 234 5678']) {
      const result = await personSchema.safeParseAsync(person({ mobile }));
      expect(rulesOf(result.error!.issues), mobile).toEqual({ mobile: 'phone' });
    }
    // A Saudi number written nationally, from an Egyptian: read as Egyptian, where it cannot exist.
    const elsewhere = await personSchema.safeParseAsync(person({ mobile: '050 123 4567', nationality: 'EG' }));
    expect(rulesOf(elsewhere.error!.issues)).toEqual({ mobile: 'phone' });
  });
});

describe('companions under 18 travel on the applicant\'s contacts', () => {
  const schema = companionsSchema(13, TRAVEL_MONTH);
  const child = companion({ relation: 'child', date_of_birth: hijriFromNow(-6 * 12), mobile: '', email: '' });

  it('a child may leave mobile and e-mail empty', async () => {
    const result = await schema.safeParseAsync([child]);
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.[0]).toMatchObject({ mobile: undefined, email: undefined, relation: 'child' });
  });

  it('an adult may not', async () => {
    const result = await schema.safeParseAsync([{ ...child, date_of_birth: hijriFromNow(-40 * 12) }]);
    expect(rulesOf(result.error!.issues)).toEqual({ '0.mobile': 'required', '0.email': 'required' });
  });

  it('a child who gives them still gives real ones', async () => {
    const result = await schema.safeParseAsync([{ ...child, mobile: '+12345678', email: 'x@' }]);
    expect(rulesOf(result.error!.issues)).toEqual({ '0.mobile': 'phone', '0.email': 'email' });
  });

  it('the age is counted on the first day of the travel month, in Gregorian years', () => {
    // Travel in Ramadan 1447 (1 Ramadan 1447 = 18 February 2026).
    expect(isMinorOn('01-09-1429', '09-1447')).toBe(true); // born 1 September 2008: 17 on 18 February 2026
    expect(isMinorOn('01-01-1426', '09-1447')).toBe(false); // born 10 February 2005: 21
    expect(isMinorOn('12-02-1429', '09-1447')).toBe(true); // born 19 February 2008: 18 the day after
    expect(isMinorOn('11-02-1429', '09-1447')).toBe(false); // born 18 February 2008: 18 that very day
    expect(isMinorOn('not a date', '09-1447')).toBe(false);
  });

  it('the whole request applies the same rule with the saved travel month', async () => {
    const issues = await requestIssues(TYPE, { service: SERVICE, applicant: person(), companions: [child], declaration: { declaration: true } });
    expect(issues).toEqual([]);
  });
});
