/**
 * The office's clock: Makkah's. Its days, deadlines, seasons and receipts are read in this zone, wherever the
 * pilgrim or the server is. Written once here; ESLint refuses the zone's name anywhere else (eslint.config.mjs).
 */
export const OFFICE_TIME_ZONE = 'Asia/Riyadh';
