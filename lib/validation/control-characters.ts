// Which characters no text field accepts, from any form or the API (also the
// autosaved answers, keys included). Refused:
//   - C0 controls U+0000–U+001F except tab, line feed and carriage return:
//     NUL cannot be stored by PostgreSQL at all (text or jsonb), and the rest
//     are invisible, nobody types them, and they break logs, CSV and e-mails;
//   - DEL (U+007F) and the C1 controls (U+0080–U+009F), for the same reasons;
//   - a lone surrogate (half of a UTF-16 pair, such as "\ud800" in JSON): no
//     keyboard makes one, it has no UTF-8 form, and PostgreSQL's jsonb refuses
//     it (a 500 found by the fuzz suite).
// Kept: tab and line breaks (notes and pasted text; single-line fields are
// trimmed anyway), and every Unicode format character that Arabic text needs:
// the direction marks U+200E/U+200F and U+061C, ZWNJ/ZWJ (U+200C/U+200D), the
// embeddings and isolates (U+202A–U+202E, U+2066–U+2069) and the tatweel.

const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Surrogate}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** How deep free JSON (the autosaved answers) may nest: the wizard's answers need 3 levels. */
export const MAX_JSON_DEPTH = 16;

export type JsonProblem = { path: (string | number)[]; problem: 'control_characters' | 'too_deep' };

/**
 * The first string (value or key) with a control character in a JSON value,
 * or the first place it nests deeper than MAX_JSON_DEPTH. Walked with a list,
 * not recursion: a body of 64 KB can nest 30,000 levels.
 */
export function findJsonProblem(value: unknown): JsonProblem | null {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) return { path, problem: 'control_characters' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return { path, problem: 'too_deep' };
    if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasControlCharacters(key)) return { path, problem: 'control_characters' };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
