import { describe, expect, it } from 'vitest';
import { addWorkingSeconds, workingDays, workingSecondsBetween } from './working-time';

// Sunday to Thursday, as the office's default calendar. Times are written in Makkah's (UTC+3).
const WEEK = { work_days: [0, 1, 2, 3, 4], holidays: [] };
const at = (local: string) => new Date(`${local}+03:00`);

describe('working time', () => {
  it('skips the weekend: Thursday evening plus one working day is Sunday evening', () => {
    // 2026-11-26 is a Thursday.
    expect(addWorkingSeconds(at('2026-11-26T18:00:00'), workingDays(1), WEEK)).toEqual(at('2026-11-29T18:00:00'));
  });

  it('starts a clock begun on a day off at the next working day', () => {
    // Friday noon: the clock starts at Sunday's midnight.
    expect(addWorkingSeconds(at('2026-11-27T12:00:00'), workingDays(2), WEEK)).toEqual(at('2026-12-01T00:00:00'));
  });

  it('skips holidays given as Hijri days', () => {
    // 2026-11-29 (Sunday) is 19-06-1448 (Umm al-Qura).
    const calendar = { ...WEEK, holidays: ['19-06-1448'] };
    expect(addWorkingSeconds(at('2026-11-26T18:00:00'), workingDays(1), calendar)).toEqual(at('2026-11-30T18:00:00'));
  });

  it('counts only working days between two moments, so a pause and a resume keep what was left', () => {
    const due = addWorkingSeconds(at('2026-11-25T09:00:00'), workingDays(5), WEEK);
    expect(due).toEqual(at('2026-12-02T09:00:00'));
    // Paused on Thursday at 09:00: four working days left (what is left of Thursday, then Sunday to Wednesday morning), whatever the weekend.
    const left = workingSecondsBetween(at('2026-11-26T09:00:00'), due, WEEK);
    expect(left).toBe(workingDays(4));
    expect(workingSecondsBetween(due, at('2026-11-26T09:00:00'), WEEK)).toBe(-left);
    // Resumed the next Monday at 09:00: due four working days later.
    expect(addWorkingSeconds(at('2026-11-30T09:00:00'), left, WEEK)).toEqual(at('2026-12-06T09:00:00'));
  });

  it('keeps an overdue clock overdue by as much after a pause', () => {
    expect(addWorkingSeconds(at('2026-11-30T09:00:00'), -3_600, WEEK)).toEqual(at('2026-11-30T08:00:00'));
  });

  it('refuses a calendar without a working day', () => {
    expect(() => addWorkingSeconds(new Date(), 10, { work_days: [], holidays: [] })).toThrow();
  });
});
