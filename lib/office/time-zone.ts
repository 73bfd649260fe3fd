/**
 * The office's clock: Makkah's. Its days, deadlines, seasons and receipts are read in this zone, wherever the
 * pilgrim or the server is. Written once here; ESLint refuses the zone's name anywhere else (eslint.config.mjs).
 */
export const OFFICE_TIME_ZONE = 'Asia/Riyadh';

/**
 * The same clock as an offset from UTC, for arithmetic on whole office days (review clocks, lateness, a day's
 * end): Saudi Arabia keeps UTC+3 all year, with no daylight saving, so an office day is a fixed 24-hour span.
 */
export const OFFICE_UTC_OFFSET_MS = 3 * 3_600_000;

/** The office's calendar day of a moment, YYYY-MM-DD. */
export const officeDayOf = (ms: number) => new Date(ms + OFFICE_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** The last second of an office calendar day (YYYY-MM-DD), as a moment. */
export const endOfOfficeDay = (day: string) => new Date(Date.parse(`${day}T23:59:59Z`) - OFFICE_UTC_OFFSET_MS);
