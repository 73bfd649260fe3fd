'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { configureApiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth/auth-store';

/** Client-side services of every page: server state (TanStack Query) and the API client's navigation. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  const router = useNextRouter();
  const locale = useLocale();

  useEffect(() => {
    configureApiClient({ navigate: (path) => router.push(path), locale: () => locale });
  }, [router, locale]);

  // Restore the signed-in user from localStorage as early as possible.
  useEffect(() => {
    void useAuthStore.persist.rehydrate();
  }, []);

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
