// next-intl checks every message key against messages/en.json (global.d.ts). A few keys are made of data the
// compiler cannot know: a package the office named, a gateway's failure reason, a document kind, a field of an
// answer. These two take such a key as a string; the data's own checks (and `hasMessage` where a fallback exists)
// keep them to keys that are there, as before.
type AnyTranslator = { (key: never, values?: never): string; has(key: never): boolean };

/** The message of a key made of data. */
export function messageOf(t: AnyTranslator, key: string): string {
  return t(key as never);
}

/** Whether the messages have a key made of data. */
export function hasMessage(t: AnyTranslator, key: string): boolean {
  return t.has(key as never);
}
