import { API_BASE_URL, fetchJson } from '@/lib/fetch-json';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import type { PlacesLeft } from './places';

// Apart from requests-api.ts: the home page reads places left too, and a public page loads no query client
// (components/providers.tsx). On the one fetch core alone, which is all this costs a page.

/**
 * Places left per package of every service, by service id, as GET /request-types answers now: `no-store`, so no
 * copy kept by the browser answers instead of the server (the route says `no-store` too).
 */
export async function fetchPlacesLeft(locale: string, { signal }: { signal?: AbortSignal } = {}): Promise<Record<string, PlacesLeft>> {
  const { body } = await fetchJson<{ data: Pick<RequestTypeInfo, 'id' | 'places_left'>[] }>(`${API_BASE_URL}/request-types`, { locale, cache: 'no-store', signal });
  return Object.fromEntries(body.data.map((type) => [type.id, type.places_left]));
}
