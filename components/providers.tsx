'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { I18nProvider } from 'react-aria-components';
import { localeInfo, type AppLocale } from '@/i18n/routing';
import { configureApiClient } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/auth-api';
import { useAuthStore } from '@/lib/auth/auth-store';

function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

// One client per browser tab, shared by every provider on the page (the
// page's content, the header's live notifications): one cache for all.
let browserClient: QueryClient | undefined;
function sharedQueryClient() {
  // On the server, one per render: requests never share a cache.
  if (typeof window === 'undefined') return makeQueryClient();
  if (!browserClient) {
    const client = (browserClient = makeQueryClient());
    // Signing in needs no query client (lib/auth/sign-in-api.ts): a user the
    // store receives becomes the profile query's data, as a sign-in did before.
    useAuthStore.subscribe((state, previous) => {
      if (state.userData && state.userData !== previous.userData) client.setQueryData(meQueryKey, state.userData);
    });
  }
  return browserClient;
}

/**
 * Client-side services of what talks to the API: server state (TanStack
 * Query) and the API client's in-app navigation. Placed around those parts
 * only (signed-in content, the sign-in forms), so that public pages do not
 * load TanStack Query.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(sharedQueryClient);
  const router = useNextRouter();
  const locale = useLocale();

  useEffect(() => {
    configureApiClient({ navigate: (path) => router.push(path), locale: () => locale });
  }, [router, locale]);

  // React Aria's own locale: without it, its pop-overs (select and combo box lists) lay out in the
  // browser's language, left to right on an Arabic page, and its numbers follow the browser too.
  return (
    <I18nProvider locale={localeInfo[locale as AppLocale]?.iso ?? 'en-US'}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
