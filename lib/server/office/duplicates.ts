import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/lib/server/db/client';
import { requests } from '@/lib/server/db/schema';
import type { DuplicateMatch } from '@/lib/contract/office';
import type { RequestStatus } from '@/lib/requests/statuses';

// Duplicate pilgrims (issue 41, item 4; DESIGN section 9): the same passport
// (number and nationality) or the same national ID on two active requests is
// flagged on both, an exact match. A similar Latin name with the same date of
// birth is a weaker, possible one, shown on the request's page only: names are
// spelt many ways and the queue's badge must mean something.


// An identifier as written, made comparable: Arabic-Indic digits as Western, no spaces or dashes, upper case.
const normalised = (value: SQL) => sql`nullif(upper(regexp_replace(translate(${value}, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[[:space:]-]', '', 'g')), '')`;

/**
 * Every pilgrim of the active requests (`where` narrows the requests): applicant and companions, with their
 * identifiers. `open`: which statuses count (the requests no account may share a passport across, hoarding.ts,
 * use their own).
 */
export const pilgrimIdentities = (where: SQL = sql`true`, open: SQL = sql`r.status not in ('draft', 'rejected', 'cancelled', 'expired')`) => sql`
  select r.id as request_id, r.reference, r.status, p.pilgrim,
    ${normalised(sql`p.person ->> 'passport_number'`)} as passport,
    upper(p.person ->> 'nationality') as nationality,
    ${normalised(sql`p.person ->> 'national_id'`)} as national_id,
    p.person ->> 'date_of_birth' as birth,
    p.person ->> 'name_latin' as name
  from requests r
  cross join lateral (
    select 'applicant' as pilgrim, r.data -> 'applicant' as person
    union all
    select 'companion-' || (e.ord - 1), e.value
    from jsonb_array_elements(case when jsonb_typeof(r.data -> 'companions') = 'array' then r.data -> 'companions' else '[]'::jsonb end) with ordinality as e(value, ord)
  ) p
  -- Closed requests and drafts are in nobody's way.
  where ${open} and ${where} and jsonb_typeof(p.person) = 'object'`;
const pilgrims = (where?: SQL) => pilgrimIdentities(where);

/**
 * The ids of requests that share a passport (with nationality) or a national
 * ID with another active request: one pass over the active requests, grouped
 * by identifier. The queue's badge and its "possible duplicates" filter.
 */
export const duplicatedRequestIds = sql`(
  select unnest(array_agg(distinct request_id)) from (
    select request_id, 'p:' || passport || ':' || coalesce(nationality, '') as identifier from (${pilgrims()}) a where passport is not null
    union all
    select request_id, 'n:' || national_id from (${pilgrims()}) b where national_id is not null
  ) ids group by identifier having count(distinct request_id) > 1
)`;

/** Whether a request (by its id column) is one of them. */
export const isDuplicated = sql`${requests.id} in ${duplicatedRequestIds}`;

type PilgrimRow = { request_id: string; reference: string | null; status: RequestStatus; pilgrim: string; passport: string | null; nationality: string | null; national_id: string | null; birth: string | null; name: string | null };

/** A Latin name made comparable: lower case, letters only, one space between words. */
function nameKey(name: string | null): string {
  return (name ?? '').toLowerCase().normalize('NFKD').replace(/[^a-z ]/g, '').replace(/\s+/g, ' ').trim();
}

/** At most one letter added, removed or changed (Ahmad / Ahmed, Mohamed / Mohammed). */
function similar(a: string, b: string): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  if (long.length === short.length) return long.slice(i + 1) === short.slice(i + 1);
  return long.slice(i + 1) === short.slice(i);
}

/** At most this many matches are listed on a request's page: enough to act on, never a wall. */
const MOST = 20;

/** The other active requests with one of this request's pilgrims in them, exact matches first. */
export async function duplicatesOf(requestId: string): Promise<DuplicateMatch[]> {
  const mine = await queryRows<PilgrimRow>(sql`select * from (${pilgrims(sql`r.id = ${requestId}`)}) m`);
  if (!mine.length) return [];
  const passports = mine.flatMap((p) => (p.passport ? [p.passport] : []));
  const ids = mine.flatMap((p) => (p.national_id ? [p.national_id] : []));
  const births = mine.flatMap((p) => (p.birth ? [p.birth] : []));
  const others = await queryRows<PilgrimRow>(sql`
    select * from (${pilgrims(sql`r.id <> ${requestId}`)}) o
    where o.passport in (select jsonb_array_elements_text(${JSON.stringify(passports)}::jsonb))
      or o.national_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      or o.birth in (select jsonb_array_elements_text(${JSON.stringify(births)}::jsonb))
    order by o.reference desc nulls last
    limit 500`);
  const matches: DuplicateMatch[] = [];
  const seen = new Set<string>();
  const add = (me: PilgrimRow, other: PilgrimRow, field: DuplicateMatch['field'], strength: DuplicateMatch['strength']) => {
    const key = `${me.pilgrim}|${other.request_id}|${other.pilgrim}`;
    if (seen.has(key)) return;
    seen.add(key);
    matches.push({ request_id: other.request_id, reference: other.reference, status: other.status, pilgrim: me.pilgrim, other_pilgrim: other.pilgrim, field, strength });
  };
  for (const exact of [true, false]) {
    for (const me of mine) {
      for (const other of others) {
        if (exact && me.passport && me.passport === other.passport && me.nationality === other.nationality) add(me, other, 'passport_number', 'exact');
        else if (exact && me.national_id && me.national_id === other.national_id) add(me, other, 'national_id', 'exact');
        else if (!exact && me.birth && me.birth === other.birth && similar(nameKey(me.name), nameKey(other.name))) add(me, other, 'name_and_birth', 'possible');
      }
    }
  }
  return matches.slice(0, MOST);
}
