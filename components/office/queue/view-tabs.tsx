'use client';

import { useTranslations } from 'next-intl';
import type { QueueView } from './queue-view';

const tabClass = 'inline-block rounded-lg border px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** My work, the team's unassigned pool, everyone's: one tab each, kept in the URL. */
export function ViewTabs({ view, hrefOf, go }: { view: QueueView; hrefOf: (view: QueueView) => string; go: (href: string) => void }) {
  const t = useTranslations('Office.queue');
  return (
    <nav aria-label={t('viewsNav')}>
      <ul className="flex flex-wrap gap-2">
        {(['mine', 'unassigned', 'all'] as const).map((name) => (
          <li key={name}>
            <a
              href={hrefOf(name)}
              aria-current={view === name ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                go(hrefOf(name));
              }}
              className={`${tabClass} ${view === name ? 'border-ink bg-ink text-white' : 'border-slate-400 bg-white text-ink'}`}
            >
              {t(`views.${name}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
