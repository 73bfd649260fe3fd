import 'server-only';
import { eq } from 'drizzle-orm';
import { revalidatePath } from 'next/cache';
import { getDb, type Db } from '@/lib/server/db/client';
import { requestTypes } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { routing } from '@/i18n/routing';
import { PACKAGES } from '@/lib/requests/packages';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import type { Translate } from '@/lib/validation/localize';
import type { CatalogueChange } from '@/lib/office/queue-schemas';
import { findRequestType, listRequestTypes, publicRequestType } from '@/lib/server/requests/request-types';
import { forgetStaticPageAnswers } from '@/lib/server/http/static-page-answers';
import { audit } from './audit';
import { staffActor } from './office-auth';
import type { StaffMember } from './staff-sessions';

export async function officeCatalogue() {
  return (await listRequestTypes()).map(publicRequestType);
}

/** The public pages that show the catalogue: rendered again at their next visit, not after their minute. */
function refreshCataloguePages() {
  // The answers kept for a second in front of Next.js go first (revalidatePath throws outside a Next.js server).
  forgetStaticPageAnswers();
  for (const locale of routing.locales) revalidatePath(`/${locale}`);
}

/**
 * An admin changes a service: the fields sent, checked together (the season's
 * end after its start, at least one package), audited with each old and new value. Requests already
 * sent keep the fee fixed at their submit; the next submit uses the new one.
 */
export async function changeCatalogue(id: string, change: CatalogueChange, member: StaffMember, address: string | null, t: Translate) {
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const current = await findRequestType(id, tx as unknown as Db);
    if (!current) throw new ApiError('not_found');
    const next = {
      feeMinor: change.fee_minor ?? current.feeMinor,
      seasonStart: change.season_start ?? current.seasonStart,
      seasonEnd: change.season_end ?? current.seasonEnd,
      companionLimit: change.companion_limit ?? current.companionLimit,
      // In the order the messages list them, each once, whatever order was sent.
      packages: change.packages ? PACKAGES.filter((name) => change.packages!.includes(name)) : current.packages,
      open: change.open ?? current.open,
    };
    if (next.packages.length === 0) {
      throw new ApiError('validation_failed', { fields: { packages: [t('ApiErrors.packages_required')] } });
    }
    const day = (hijri: string) => hijriToGregorian(parseHijri(hijri)!);
    if (day(next.seasonEnd) <= day(next.seasonStart)) {
      throw new ApiError('validation_failed', { fields: { season_end: [t('ApiErrors.season_end_before_start')] } });
    }
    const changed = Object.fromEntries(
      (Object.keys(next) as (keyof typeof next)[]).filter((key) => String(next[key]) !== String(current[key])).map((key) => [key, `${current[key]} → ${next[key]}`]),
    );
    const [row] = await tx.update(requestTypes).set(next).where(eq(requestTypes.id, id)).returning();
    await audit(staffActor(member), { action: 'catalogue.change', target: { type: 'request_type', id }, details: changed, address }, tx as unknown as Db);
    return row!;
  });
  try {
    refreshCataloguePages();
  } catch {
    // Outside a Next.js server (the API tests): nothing is cached to refresh.
  }
  return publicRequestType(updated);
}
