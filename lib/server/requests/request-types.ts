import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { requestTypes } from '@/lib/server/db/schema';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import type { PlacesLeft } from '@/lib/requests/places';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { seasonOf } from '@/lib/requests/answers';
import { applicationsClosed } from '@/lib/requests/travel-months';
import { packagePlaceRows, placesLeft, type PackagePlaceRow } from './places';
import { listOpenings, type Opening } from '@/lib/server/openings/openings';
import { openingInfo } from '@/lib/server/openings/queue-places';

export type RequestType = typeof requestTypes.$inferSelect;
/** A service with the places rows of its packages (package_places), and its opening when it has one (issue 59). */
export type RequestTypeWithPlaces = RequestType & { placeRows: PackagePlaceRow[]; opening: Opening | null };

/** Per package offered: null when unlimited, else what is left (never below zero). */
function placesLeftOf(type: RequestTypeWithPlaces): PlacesLeft {
  return Object.fromEntries(type.packages.map((name) => [name, placesLeft(type.placeRows.find((row) => row.package === name))]));
}

/** What one pilgrim pays in a package: its own fee, or the service's lowest for a package the office has not priced. */
export function packageFeeOf(type: RequestType, pkg: string): number {
  return type.packageFees[pkg] ?? type.feeMinor;
}

/** Per package offered, its fee per pilgrim. */
function feesOf(type: RequestType): Record<string, number> {
  return Object.fromEntries(type.packages.map((name) => [name, packageFeeOf(type, name)]));
}

/** Whether a new application can be started or a draft sent: the office's switch is on and applications have not closed. */
export function takesApplications(type: RequestType, now: Date = new Date()): boolean {
  return type.open && !applicationsClosed(seasonOf(type), now);
}

/** A service as GET /request-types answers it. */
export function publicRequestType(type: RequestTypeWithPlaces): RequestTypeInfo {
  const gregorian = (hijri: string) => {
    const date = parseHijri(hijri);
    return date ? hijriToGregorian(date) : null;
  };
  return {
    // The catalogue's rows are the two services (drizzle/ seeds them; the office changes, never adds).
    id: type.id as RequestTypeInfo['id'],
    code: type.code,
    name: { en: type.nameEn, ar: type.nameAr },
    // The lowest fee of the packages offered: "from" on the home page. A request pays its package's (fees_minor).
    fee_minor: Math.min(...Object.values(feesOf(type))),
    fees_minor: feesOf(type),
    currency: type.currency,
    season: {
      start: type.seasonStart,
      end: type.seasonEnd,
      start_gregorian: gregorian(type.seasonStart),
      end_gregorian: gregorian(type.seasonEnd),
      applications_close: type.applicationsClose ?? type.seasonEnd,
      applications_close_gregorian: gregorian(type.applicationsClose ?? type.seasonEnd),
      pilgrimage:
        type.pilgrimageStart && type.pilgrimageEnd
          ? { start: type.pilgrimageStart, end: type.pilgrimageEnd, start_gregorian: gregorian(type.pilgrimageStart), end_gregorian: gregorian(type.pilgrimageEnd) }
          : null,
    },
    companion_limit: type.companionLimit,
    packages: type.packages,
    places_left: placesLeftOf(type),
    // Whether the office takes applications for it now (a season that has ended is closed too: lib/requests/travel-months.ts).
    open: type.open,
    // Its opening (docs/OPENING.md): sending opens at opens_at, through the queue.
    opening: type.opening ? openingInfo(type.opening, new Date()) : null,
  };
}

export async function listRequestTypes(): Promise<RequestTypeWithPlaces[]> {
  const db = await getDb();
  const [types, rows, opened] = await Promise.all([db.select().from(requestTypes).orderBy(asc(requestTypes.sortOrder)), packagePlaceRows(db), listOpenings(db)]);
  return types.map((type) => withPlaces(type, rows, opened));
}

// The read under way, if any: requests that arrive while it runs share its answer (an opening day's home pages each
// ask every few seconds). Nothing is kept once it has answered, so a read never answers older than its own arrival.
let sharedRead: Promise<RequestTypeWithPlaces[]> | null = null;

/** listRequestTypes, one database read for all who ask at the same time. */
export function listRequestTypesShared(): Promise<RequestTypeWithPlaces[]> {
  sharedRead ??= listRequestTypes().finally(() => {
    sharedRead = null;
  });
  return sharedRead;
}

export function withPlaces(type: RequestType, rows: PackagePlaceRow[], opened: Opening[]): RequestTypeWithPlaces {
  return { ...type, placeRows: rows.filter((row) => row.typeId === type.id), opening: opened.find((opening) => opening.typeId === type.id) ?? null };
}

/** Inside a transaction pass its `tx`: PGlite has one connection, a query outside would wait forever. */
export async function findRequestType(id: string, db?: Db): Promise<RequestType | undefined> {
  db ??= await getDb();
  const [type] = await db.select().from(requestTypes).where(eq(requestTypes.id, id)).limit(1);
  return type;
}
