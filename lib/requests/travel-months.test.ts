import { describe, expect, it } from 'vitest';
import { hijriToday, openTravelMonths, applicationsClosed, travelMonthProblem } from './travel-months';

// 24 November 2026 is 14 Jumada al-Akhirah (06) 1448; 1 Rajab 1448 is 10 December 2026.
const NOV_24 = new Date('2026-11-24T12:00:00Z');
const UMRAH = { start: '15-12-1447', end: '15-11-1448' };

describe('travel months that can still be travelled', () => {
  it('run from this Hijri month to the season\'s last, not from the season\'s first', () => {
    expect(openTravelMonths(UMRAH, NOV_24)).toEqual(['06-1448', '07-1448', '08-1448', '09-1448', '10-1448', '11-1448']);
  });

  it('start at the season\'s first month while the season has not begun', () => {
    expect(openTravelMonths({ start: '01-09-1448', end: '29-10-1448' }, NOV_24)).toEqual(['09-1448', '10-1448']);
  });

  it('turn at midnight in Makkah, not in UTC', () => {
    // 21:30 UTC on 9 December is 00:30 on 10 December in Riyadh: already Rajab there.
    const lateEvening = new Date('2026-12-09T21:30:00Z');
    expect([hijriToday(lateEvening).month, hijriToday(lateEvening).day]).toEqual([7, 1]);
    expect(openTravelMonths(UMRAH, lateEvening)[0]).toBe('07-1448');
    expect(openTravelMonths(UMRAH, new Date('2026-12-09T20:30:00Z'))[0]).toBe('06-1448');
  });

  it('a season whose last day has passed is ended and offers nothing', () => {
    const after = new Date('2027-06-01T12:00:00Z');
    expect(applicationsClosed(UMRAH, after)).toBe(true);
    expect(openTravelMonths(UMRAH, after)).toEqual([]);
    expect(applicationsClosed(UMRAH, NOV_24)).toBe(false);
  });

  it('say why a month cannot be chosen: gone by, or outside the season', () => {
    expect(travelMonthProblem('05-1448', UMRAH, NOV_24)).toBe('travel_month_past');
    expect(travelMonthProblem('12-1447', UMRAH, NOV_24)).toBe('travel_month_past');
    expect(travelMonthProblem('12-1448', UMRAH, NOV_24)).toBe('travel_month_season');
    expect(travelMonthProblem('06-1448', UMRAH, NOV_24)).toBeNull();
    // A malformed month is the hijri_month rule's to report.
    expect(travelMonthProblem('2026-05', UMRAH, NOV_24)).toBeNull();
  });
});

describe('Hajj in its month', () => {
  // As the migration leaves the seeded Hajj: applications close on 29 Shawwal 1448, Hajj is 8-13 Dhu al-Hijjah 1448.
  const HAJJ = { start: '01-06-1448', end: '13-12-1448', applications_close: '29-10-1448', pilgrimage: { start: '08-12-1448', end: '13-12-1448' } };

  it('offers every month from this one to Dhu al-Hijjah, the month of Hajj', () => {
    expect(openTravelMonths(HAJJ, NOV_24)).toEqual(['06-1448', '07-1448', '08-1448', '09-1448', '10-1448', '11-1448', '12-1448']);
  });

  it('offers no month after the one Hajj begins in, whatever the season\'s end says', () => {
    const longer = { ...HAJJ, end: '29-02-1449' };
    expect(openTravelMonths(longer, NOV_24).at(-1)).toBe('12-1448');
    expect(travelMonthProblem('01-1449', longer, NOV_24)).toBe('travel_month_season');
  });

  it('closes applications on their own day, before Hajj: Dhu al-Qa\'dah is past the close but still a month to arrive in', () => {
    // 20 April 2027 is in Dhu al-Qa'dah 1448, after 29 Shawwal (6 April 2027).
    const dhuAlQadah = new Date('2027-04-20T12:00:00Z');
    expect(applicationsClosed(HAJJ, NOV_24)).toBe(false);
    expect(applicationsClosed(HAJJ, dhuAlQadah)).toBe(true);
    expect(openTravelMonths(HAJJ, dhuAlQadah)).toEqual(['11-1448', '12-1448']);
    // Without a day of its own, applications close with the season (Umrah).
    expect(applicationsClosed(UMRAH, dhuAlQadah)).toBe(false);
  });
});
