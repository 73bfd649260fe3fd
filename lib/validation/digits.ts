// Digits as pilgrims type them: an Arabic keyboard gives Arabic-Indic digits
// (U+0660–U+0669), a Persian or Urdu one Extended Arabic-Indic digits
// (U+06F0–U+06F9). Numeric answers are kept in Western digits, so that the
// browser, the API and every other client read and store the same value.

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The text with every Arabic-Indic and Extended Arabic-Indic digit as its Western digit; nothing else changes. */
export function westernDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}
