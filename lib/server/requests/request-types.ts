import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { requestTypes } from '@/lib/server/db/schema';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import type { PlacesLeft } from '@/lib/requests/places';
import { packagePlaceRows, placesLeft, type PackagePlaceRow } from './places';

export type RequestType = typeof requestTypes.$inferSelect;
/** A service with the places rows of its packages (package_places). */
export type RequestTypeWithPlaces = RequestType & { placeRows: PackagePlaceRow[] };

/** Per package offered: null when unlimited, else what is left (never below zero). */
function placesLeftOf(type: RequestTypeWithPlaces): PlacesLeft {
  return Object.fromEntries(type.packages.map((name) => [name, placesLeft(type.placeRows.find((row) => row.package === name))]));
}

export function publicRequestType(type: RequestTypeWithPlaces) {
  const gregorian = (hijri: string) => {
    const date = parseHijri(hijri);
    return date ? hijriToGregorian(date) : null;
  };
  return {
    id: type.id,
    code: type.code,
    name: { en: type.nameEn, ar: type.nameAr },
    fee_minor: type.feeMinor,
    currency: type.currency,
    season: {
      start: type.seasonStart,
      end: type.seasonEnd,
      start_gregorian: gregorian(type.seasonStart),
      end_gregorian: gregorian(type.seasonEnd),
    },
    companion_limit: type.companionLimit,
    packages: type.packages,
    places_left: placesLeftOf(type),
    // Whether the office takes applications for it now (a season that has ended is closed too: lib/requests/travel-months.ts).
    open: type.open,
  };
}

export async function listRequestTypes(): Promise<RequestTypeWithPlaces[]> {
  const db = await getDb();
  const [types, rows] = await Promise.all([db.select().from(requestTypes).orderBy(asc(requestTypes.sortOrder)), packagePlaceRows(db)]);
  return types.map((type) => withPlaces(type, rows));
}

export function withPlaces(type: RequestType, rows: PackagePlaceRow[]): RequestTypeWithPlaces {
  return { ...type, placeRows: rows.filter((row) => row.typeId === type.id) };
}

/** Inside a transaction pass its `tx`: PGlite has one connection, a query outside would wait forever. */
export async function findRequestType(id: string, db?: Db): Promise<RequestType | undefined> {
  db ??= await getDb();
  const [type] = await db.select().from(requestTypes).where(eq(requestTypes.id, id)).limit(1);
  return type;
}
