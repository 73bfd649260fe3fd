import { isRequestStatus, type RequestStatus } from '@/lib/requests/statuses';

/** The requests list's filter and page, kept in the address so reloads and the language switch keep them. */
export type ListQuery = { status?: Exclude<RequestStatus, 'draft'>; page: number };

type Params = { get(name: string): string | null };

/** Reads `?status=&page=`; anything unknown falls back to all requests, page 1. */
export function readListQuery(params: Params): ListQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    // Drafts have their own page; asking for them here shows everything else.
    status: isRequestStatus(status) && status !== 'draft' ? status : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of a list page; page 1 and "all" stay out of it. */
export function listHref(path: string, { status, page }: ListQuery): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
