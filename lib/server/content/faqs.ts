import 'server-only';
import type { AppLocale } from '@/i18n/routing';
import { loadContent } from './content-files';
import { renderMarkdown, stripComments } from './markdown';

export type FaqItem = { id: string; question: string; answer_html: string };
export type FaqGroup = { id: string; title: string; items: FaqItem[] };

// "## Accounts {#accounts}" or "### How do I…? {#create-account}"
const HEADING = /^(#{2,3})\s+(.+?)\s+\{#([a-z0-9-]+)\}\s*$/;

/**
 * content/{locale}/faqs.md: "## Group {#id}" starts a group, "### Question {#id}"
 * a question, and the markdown below it, up to the next heading, is the answer.
 * Ids are the deep links and must be unique; a malformed file throws.
 */
export function parseFaqs(source: string, locale: string): FaqGroup[] {
  const groups: FaqGroup[] = [];
  const seen = new Set<string>();
  let answer: string[] = [];
  let current: { id: string; question: string } | null = null;

  const closeQuestion = () => {
    if (!current) return;
    const html = renderMarkdown(answer.join('\n'), { locale });
    if (!html) throw new Error(`FAQ ${current.id} has no answer`);
    groups.at(-1)!.items.push({ id: current.id, question: current.question, answer_html: html });
    current = null;
    answer = [];
  };

  for (const line of stripComments(source).split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (!heading) {
      if (current) answer.push(line);
      else if (line.trim()) throw new Error(`FAQ text outside a question: "${line.trim()}"`);
      continue;
    }
    const [, level, text, id] = heading as unknown as [string, string, string, string];
    if (seen.has(id)) throw new Error(`Duplicate FAQ id "${id}"`);
    seen.add(id);
    closeQuestion();
    if (level === '##') groups.push({ id, title: text, items: [] });
    else if (groups.length === 0) throw new Error(`FAQ "${id}" comes before any group`);
    else current = { id, question: text };
  }
  closeQuestion();
  return groups.filter((group) => group.items.length > 0);
}

/** The FAQs of a locale, grouped, with their answers as HTML. */
export function getFaqs(locale: AppLocale, root?: string): FaqGroup[] {
  return loadContent(locale, 'faqs.md', (source) => parseFaqs(source, locale), root);
}

/** Some questions by id, in the order asked (the home page's teaser). */
export function pickFaqs(locale: AppLocale, ids: readonly string[]): FaqItem[] {
  const items = new Map(getFaqs(locale).flatMap((group) => group.items.map((item) => [item.id, item] as const)));
  return ids.flatMap((id) => items.get(id) ?? []);
}
