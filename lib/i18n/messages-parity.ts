import type en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// Both languages are equal: the compiler holds messages/ar.json to every key of messages/en.json, whose keys
// next-intl checks each t() against (global.d.ts). A message missing in Arabic fails `tsc`. Nothing imports this file.
export const arabicMessages: typeof en = ar;
