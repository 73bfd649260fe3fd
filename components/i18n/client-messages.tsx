import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickNamespaces } from '@/lib/i18n/client-namespaces';

/**
 * The messages the client components inside read, and no others: they are
 * written into the page for the browser. `all` for the pages rendered per
 * request (account, application form), which are not cached and read many.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[] | 'all'; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return <NextIntlClientProvider messages={namespaces === 'all' ? messages : pickNamespaces(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
