// How many SMS segments a text takes (3GPP TS 23.038 and 23.040): a text wholly in the GSM 7-bit alphabet goes as
// GSM-7, 160 characters in one segment or 153 in each of several (7 septets go to the concatenation header), the
// characters of the extension table (€ [ ] { } | ^ ~ \ and the form feed) counting two (an escape, then the
// character); any other character (Arabic, and an emoji) makes the whole text UCS-2: 70 UTF-16 units in one segment,
// 67 in each of several (the header takes 3). A notice in Arabic may take 2 segments: at most 134 units.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SegmentCount = { encoding: SmsEncoding; units: number; segments: number };

export const SEGMENT_LIMITS = {
  'GSM-7': { single: 160, each: 153 },
  'UCS-2': { single: 70, each: 67 },
} as const;

/** The encoding, the length in that encoding's units (septets or UTF-16 code units) and the segments. */
export function countSegments(text: string): SegmentCount {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.includes(character)) septets += 1;
    else if (GSM_EXTENSION.includes(character)) septets += 2;
    else return sized('UCS-2', text.length);
  }
  return sized('GSM-7', septets);
}

function sized(encoding: SmsEncoding, units: number): SegmentCount {
  const limit = SEGMENT_LIMITS[encoding];
  const segments = units === 0 ? 1 : units <= limit.single ? 1 : Math.ceil(units / limit.each);
  return { encoding, units, segments };
}

/** Notices in either language take at most this many segments (issue 62, item 3). */
export const MAX_NOTICE_SEGMENTS = 2;
