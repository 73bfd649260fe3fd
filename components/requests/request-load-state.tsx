'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { ApiClientError } from '@/lib/api-client';
import { DetailsSkeleton } from './details-skeleton';
import { LoadError } from './load-states';
import { RequestMissing } from './request-missing';

/**
 * A request's page before its data is there: the skeleton while loading, "not
 * there" for a 404 (someone else's is not there either), or the error with a
 * retry; null once it is loaded. `text`: the page's own words for them.
 */
export function requestLoadState(query: UseQueryResult<unknown>, text: { loading: string; title: string; body: string; retry: string }) {
  if (query.isPending) return <DetailsSkeleton label={text.loading} />;
  if (!query.isError) return null;
  if (query.error instanceof ApiClientError && query.error.status === 404) return <RequestMissing />;
  return <LoadError title={text.title} body={text.body} retry={text.retry} onRetry={() => query.refetch()} isRetrying={query.isFetching} />;
}
