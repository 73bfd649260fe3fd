// A name in Latin letters as the passport prints it, and the slips the wizard
// asks about when the pilgrim leaves the field (issue 40): a name typed all in
// lower case, and a name typed twice ("Aisha Aisha", or an autofill that put
// "Aisha Rahman" in twice). Names are never rewritten without asking
// (docs/ANSWERS.md): these only suggest, and the pilgrim chooses.

export type LatinNameQuestion = { reason: 'lower_case' | 'repeated'; suggestion: string };

/** The words of a name, split on the spaces between them. */
const wordsOf = (text: string) => text.trim().split(/\s+/).filter(Boolean);

const isLower = (text: string) => text === text.toLowerCase();

/** The name once when its second half repeats its first (case aside), the half not in lower case; null otherwise. */
function withoutRepeat(words: string[]): string | null {
  if (words.length < 2 || words.length % 2 !== 0) return null;
  const half = words.length / 2;
  const first = words.slice(0, half).join(' ');
  const second = words.slice(half).join(' ');
  if (first.toLowerCase() !== second.toLowerCase()) return null;
  if (!isLower(first)) return first;
  return isLower(second) ? first.toUpperCase() : second;
}

/**
 * The question to ask about a Latin name, or null when there is none. Lower
 * case is answered with the name in capitals, as the passport prints it; a
 * repeated name with one of its halves (the one not in lower case; in
 * capitals when both are).
 */
export function latinNameQuestion(text: string): LatinNameQuestion | null {
  const words = wordsOf(text);
  if (words.length === 0 || !words.every((word) => /^[A-Za-z'-]+$/.test(word))) return null;
  const once = withoutRepeat(words);
  if (once) return { reason: 'repeated', suggestion: once };
  const name = words.join(' ');
  if (isLower(name)) return { reason: 'lower_case', suggestion: name.toUpperCase() };
  return null;
}
