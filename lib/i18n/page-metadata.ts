import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

export type LocaleParams = { params: Promise<{ locale: string }> };

/** The page's <title>, from the `Titles` messages of its locale. */
export function titleMetadata(key: string) {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'Titles' });
    return { title: t(key) };
  };
}
