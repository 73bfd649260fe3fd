import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routing } from '@/i18n/routing';
import { STATIC_PAGES } from '@/lib/content/static-pages';
import { loadContent, splitFrontMatter } from './content-files';
import { getFaqs, parseFaqs, pickFaqs } from './faqs';
import { getStaticPage } from './static-pages';

/** A content folder with only English in it. */
function englishOnly() {
  const root = mkdtempSync(path.join(tmpdir(), 'content-'));
  mkdirSync(path.join(root, 'en', 'pages'), { recursive: true });
  writeFileSync(path.join(root, 'en', 'faqs.md'), '## Accounts {#accounts}\n\n### Why? {#why}\n\nBecause.\n');
  writeFileSync(path.join(root, 'en', 'pages', 'about.md'), '---\ntitle: About\ndescription: Who we are\n---\n\nWe are **here**.\n');
  return root;
}

describe('content loading', () => {
  it('reads a file once per process', () => {
    const root = englishOnly();
    let parses = 0;
    const parse = (source: string) => ((parses += 1), source.length);
    expect(loadContent('en', 'faqs.md', parse, root)).toBeGreaterThan(0);
    writeFileSync(path.join(root, 'en', 'faqs.md'), 'changed');
    loadContent('en', 'faqs.md', parse, root);
    expect(parses).toBe(1);
  });

  it('fails loudly, naming the file, when a locale has no content', () => {
    const root = englishOnly();
    expect(() => getFaqs('ar', root)).toThrow(/Missing content file .*ar[/\\]faqs\.md/);
    expect(() => getStaticPage('ar', 'about', root)).toThrow(/Missing content file .*ar[/\\]pages[/\\]about\.md/);
  });

  it('reads a static page: front matter and rendered body', () => {
    expect(getStaticPage('en', 'about', englishOnly())).toEqual({
      slug: 'about',
      title: 'About',
      description: 'Who we are',
      html: '<p>We are <strong>here</strong>.</p>',
    });
  });

  it('splits front matter from the body', () => {
    expect(splitFrontMatter('---\ntitle: A: B\n---\nBody')).toEqual({ fields: { title: 'A: B' }, body: 'Body' });
    expect(splitFrontMatter('No front matter')).toEqual({ fields: {}, body: 'No front matter' });
  });
});

describe('parseFaqs', () => {
  it('groups questions under their headings, with the answers rendered', () => {
    const source = '<!-- notes -->\n## Payments {#payments}\n\n### How do I pay? {#pay}\n\nWith **mada**.\n\n- or Visa\n\n### When? {#when}\n\nWithin 72 hours.\n';
    expect(parseFaqs(source, 'en')).toEqual([
      {
        id: 'payments',
        title: 'Payments',
        items: [
          { id: 'pay', question: 'How do I pay?', answer_html: '<p>With <strong>mada</strong>.</p>\n<ul>\n<li>or Visa</li>\n</ul>' },
          { id: 'when', question: 'When?', answer_html: '<p>Within 72 hours.</p>' },
        ],
      },
    ]);
  });

  it('refuses duplicate ids, questions without a group or an answer, and stray text', () => {
    expect(() => parseFaqs('## A {#a}\n### Q {#a}\nx', 'en')).toThrow(/Duplicate FAQ id "a"/);
    expect(() => parseFaqs('### Q {#q}\nx', 'en')).toThrow(/before any group/);
    expect(() => parseFaqs('## A {#a}\n### Q {#q}\n\n### R {#r}\nx', 'en')).toThrow(/q has no answer/);
    expect(() => parseFaqs('Hello\n## A {#a}', 'en')).toThrow(/outside a question/);
  });
});

describe("the portal's own content", () => {
  const ids = (locale: 'en' | 'ar') => getFaqs(locale).map((group) => [group.id, group.items.map((item) => item.id)]);

  it.each(routing.locales)('%s has at least 12 FAQs in the six groups', (locale) => {
    const groups = getFaqs(locale);
    expect(groups.map((group) => group.id)).toEqual(['accounts', 'requests', 'documents', 'payments', 'refunds', 'notifications']);
    expect(groups.flatMap((group) => group.items).length).toBeGreaterThanOrEqual(12);
  });

  it('has the same FAQ ids in every language, so a deep link works in both', () => {
    expect(ids('ar')).toEqual(ids('en'));
  });

  it.each(routing.locales)('%s has every static page with a title, a description and a body', (locale) => {
    for (const slug of STATIC_PAGES) {
      const page = getStaticPage(locale, slug);
      expect(page.title.length).toBeGreaterThan(2);
      expect(page.description.length).toBeGreaterThan(20);
      expect(page.html).toContain('<p>');
    }
  });

  it('picks the teaser questions by id, in order', () => {
    expect(pickFaqs('en', ['payment-deadline', 'drafts', 'nope']).map((item) => item.id)).toEqual(['payment-deadline', 'drafts']);
  });
});
