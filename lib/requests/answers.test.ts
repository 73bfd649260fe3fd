import { describe, expect, it } from 'vitest';
import { companionSchema, passportIssues, passportValidUntil, personSchema, requestIssues, serviceSchema } from './answers';
import { decodeRule } from '@/lib/validation/rules';
import { companion, hijriFromNow, person, SERVICE } from '@/test/answers';

const TYPE = { packages: ['economy', 'standard', 'premium'], companionLimit: 13 };
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
      mobile: 'regex',
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

  it('a malformed expiry is reported once, as malformed', () => {
    expect(passportIssues({ service: SERVICE, applicant: { passport_expiry: 'soon' } })).toEqual([]);
  });
});
