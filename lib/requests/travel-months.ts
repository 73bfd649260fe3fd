import { CalendarDate, IslamicUmalquraCalendar, fromDate, toCalendar, toCalendarDate } from '@internationalized/date';
import { parseHijri } from '@/lib/validation/hijri';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

const ummAlQura = new IslamicUmalquraCalendar();
// A season is at most a year; the cap keeps bad data from making an endless list.
const MOST_MONTHS = 24;

/**
 * A service's season as GET /request-types answers it: start and end (the last day of travel); the last
 * day applications are taken when earlier (Hajj); the rite's own days, whose first month is the last one
 * a pilgrim can arrive in (Hajj: 8-13 Dhu al-Hijjah). docs/PLACES.md, "Hajj in its month".
 */
export type Season = { start: string; end: string; applications_close?: string | null; pilgrimage?: { start: string; end: string } | null };

/** Today in the office's time zone, in the Umm al-Qura calendar. */
export function hijriToday(now: Date = new Date()): CalendarDate {
  return toCalendar(toCalendarDate(fromDate(now, OFFICE_TIME_ZONE)), ummAlQura);
}

/** MM-YYYY of a Hijri month. */
function monthValue(date: CalendarDate): string {
  return `${String(date.month).padStart(2, '0')}-${date.year}`;
}

/**
 * The travel months that can still be chosen: from this month (or the
 * season's first, when later) to the season's last, as MM-YYYY; for a service
 * with its rite's days (Hajj), no later than the month they start in (one
 * arriving after it misses Hajj). Empty when the season has ended. This month
 * stays open to its last day.
 */
export function openTravelMonths(season: Season, now: Date = new Date()): string[] {
  const start = parseHijri(season.start);
  const end = parseHijri(season.end);
  if (!start || !end) return [];
  const today = hijriToday(now);
  const thisMonth = new CalendarDate(ummAlQura, today.year, today.month, 1);
  const seasonFirst = new CalendarDate(ummAlQura, start.year, start.month, 1);
  const rite = season.pilgrimage ? parseHijri(season.pilgrimage.start) : null;
  const seasonLast = new CalendarDate(ummAlQura, end.year, end.month, 1);
  const riteMonth = rite ? new CalendarDate(ummAlQura, rite.year, rite.month, 1) : null;
  const last = riteMonth && riteMonth.compare(seasonLast) < 0 ? riteMonth : seasonLast;
  const months: string[] = [];
  for (let month = seasonFirst.compare(thisMonth) > 0 ? seasonFirst : thisMonth; month.compare(last) <= 0 && months.length < MOST_MONTHS; month = month.add({ months: 1 })) {
    months.push(monthValue(month));
  }
  return months;
}

/** The last day applications are taken, DD-MM-YYYY: the service's own (Hajj), else the season's last. */
export function applicationsCloseOf(season: Season): string {
  return season.applications_close ?? season.end;
}

/** Whether the last day applications are taken has passed (in the office's time zone): the service is shown as closed. */
export function applicationsClosed(season: Season, now: Date = new Date()): boolean {
  const close = parseHijri(applicationsCloseOf(season));
  if (!close) return false;
  return new CalendarDate(ummAlQura, close.year, close.month, close.day).compare(hijriToday(now)) < 0;
}

/** Why a travel month cannot be chosen: it has passed, or it is outside the season; null when it can. */
export function travelMonthProblem(value: string, season: Season, now: Date = new Date()): 'travel_month_past' | 'travel_month_season' | null {
  const match = /^(0[1-9]|1[0-2])-(\d{4})$/.exec(value);
  if (!match || openTravelMonths(season, now).includes(value)) return null;
  const today = hijriToday(now);
  const asked = Number(match[2]) * 12 + Number(match[1]);
  return asked < today.year * 12 + today.month ? 'travel_month_past' : 'travel_month_season';
}
