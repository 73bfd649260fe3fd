import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { requestTypes } from '@/lib/server/db/schema';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';

export type RequestType = typeof requestTypes.$inferSelect;

export function publicRequestType(type: RequestType) {
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
    // Whether the office takes applications for it now (a season that has ended is closed too: lib/requests/travel-months.ts).
    open: type.open,
  };
}

export async function listRequestTypes() {
  const db = await getDb();
  return db.select().from(requestTypes).orderBy(asc(requestTypes.sortOrder));
}

/** Inside a transaction pass its `tx`: PGlite has one connection, a query outside would wait forever. */
export async function findRequestType(id: string, db?: Db): Promise<RequestType | undefined> {
  db ??= await getDb();
  const [type] = await db.select().from(requestTypes).where(eq(requestTypes.id, id)).limit(1);
  return type;
}
