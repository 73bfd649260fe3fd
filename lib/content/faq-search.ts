import { westernDigits } from '@/lib/validation/digits';

/** An FAQ as the FAQ page searches it: `text` is its answer without markup. */
export type SearchableFaq = { id: string; question: string; answer_html: string; text: string };
export type SearchableFaqGroup = { id: string; title: string; items: SearchableFaq[] };

/**
 * Folds what does not change a word's meaning, so that a search finds it
 * however it was typed: case, Latin accents, Arabic diacritics and tatweel,
 * the forms of alef (أ إ آ → ا), alef maqsura (ى → ي) and ta marbuta (ة → ه),
 * and the digits (Arabic pages count in ٠-٩; a search may be typed in 0-9).
 */
export function foldForSearch(text: string): string {
  return westernDigits(text)
    .toLocaleLowerCase('en')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The groups and questions whose group title, question or answer holds every
 * word of the query (so "refunds" finds the whole Refunds group); all of them
 * for an empty query.
 */
export function filterFaqs(groups: SearchableFaqGroup[], query: string): SearchableFaqGroup[] {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const haystack = foldForSearch(`${group.title} ${item.question} ${item.text}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}
