'use client';

import { useEffect, useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Disclosure } from '@/components/ui/disclosure';
import { RichText } from '@/components/content/rich-text';
import { Link } from '@/components/ui/link';
import { filterFaqs, type SearchableFaqGroup } from '@/lib/content/faq-search';
import { formatCount } from '@/lib/i18n/numbers';

/**
 * The FAQs: a search that narrows the list as you type (the count is
 * announced politely), and an accordion per group. Each question has an id, so
 * /faqs#id opens it and scrolls to it, on arrival and on any later hash change.
 */
export function FaqBrowser({ groups }: { groups: SearchableFaqGroup[] }) {
  const t = useTranslations('Faqs');
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const visible = useMemo(() => filterFaqs(groups, query), [groups, query]);
  const count = visible.reduce((sum, group) => sum + group.items.length, 0);
  const searching = query.trim() !== '';

  useEffect(() => {
    const ids = new Set(groups.flatMap((group) => group.items.map((item) => item.id)));
    const openLinkedQuestion = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!ids.has(id)) return;
      // A linked question shows even when the current search would hide it.
      setQuery('');
      setExpanded((current) => new Set(current).add(id));
      requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    };
    openLinkedQuestion();
    window.addEventListener('hashchange', openLinkedQuestion);
    return () => window.removeEventListener('hashchange', openLinkedQuestion);
  }, [groups]);

  return (
    <>
      <search className="mb-8">
        {/* A plain labelled search box: the form kit's TextField would add 9 KB to a public page. */}
        <label htmlFor="faq-search" className="block text-sm font-semibold">
          {t('search.label')}
        </label>
        <p id="faq-search-hint" className="mt-1 text-sm text-muted">
          {t('search.description')}
        </p>
        <input
          id="faq-search"
          type="search"
          autoComplete="off"
          aria-describedby="faq-search-hint"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="mt-2 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink outline-0 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink focus-visible:ring-3 focus-visible:ring-white"
        />
        <p role="status" className="mt-2 min-h-6 text-sm text-muted">
          {searching && (count === 0 ? t('noResults.title', { query: query.trim() }) : t('count', { count, n: formatCount(count, locale), query: query.trim() }))}
        </p>
      </search>

      {searching && count === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold">{t('noResults.title', { query: query.trim() })}</p>
          <p className="mt-2 text-muted">{t('noResults.body')}</p>
          <Link href="/static/contact" className="mt-4 inline-block rounded font-semibold text-brand-800 underline underline-offset-4">
            {t('noResults.contact')}
          </Link>
        </div>
      )}

      {visible.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} className="mb-10">
          <h2 id={`group-${group.id}`} className="mb-2 text-xl font-bold text-brand-800">
            {group.title}
          </h2>
          <div>
            {group.items.map((item) => (
              <div key={item.id} id={item.id} className="scroll-mt-4">
                <Disclosure
                  id={item.id}
                  title={item.question}
                  isExpanded={expanded.has(item.id)}
                  onExpandedChange={(open) =>
                    setExpanded((current) => {
                      const next = new Set(current);
                      if (open) next.add(item.id);
                      else next.delete(item.id);
                      return next;
                    })
                  }
                >
                  <RichText html={item.answer_html} />
                  <a href={`#${item.id}`} className="mt-3 inline-block rounded text-sm text-muted underline underline-offset-4 hover:text-brand-800">
                    {t('permalink')}
                  </a>
                </Disclosure>
              </div>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
