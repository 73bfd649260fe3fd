import 'server-only';
import { eq } from 'drizzle-orm';
import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/server/db/client';
import { requestTypes } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { routing } from '@/i18n/routing';
import { PACKAGES } from '@/lib/requests/packages';
import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import { hijriDue, instalmentDueAt, type PaymentPlan } from '@/lib/payments/payment-plan';
import type { Translate } from '@/lib/validation/localize';
import type { CatalogueChange } from '@/lib/office/queue-schemas';
import { findRequestType, listRequestTypes, publicRequestType, withPlaces, type RequestTypeWithPlaces } from '@/lib/server/requests/request-types';
import { packagePlaceRows, setPlaces } from '@/lib/server/requests/places';
import { offerPlaces, reserveLists } from '@/lib/server/requests/reserve-offers';
import { forgetStaticPageAnswers } from '@/lib/server/http/static-page-answers';
import { audit } from '@/lib/server/audit/audit';
import { changeOpening, listOpenings, openingChanged } from '@/lib/server/openings/openings';
import { staffActor } from './office-auth';
import type { StaffMember } from './staff-sessions';
import type { OfficeRequestType, ReserveEntry } from '@/lib/contract/office';

/**
 * A service as the console shows it: what pilgrims see, and per package
 * offered the number of places set (null: unlimited) and how many are held.
 */
function officeRequestType(type: RequestTypeWithPlaces, lists: Record<string, Record<string, ReserveEntry[]>>): OfficeRequestType {
  const rowOf = (name: string) => type.placeRows.find((row) => row.package === name);
  return {
    ...publicRequestType(type),
    places: Object.fromEntries(type.packages.map((name) => [name, rowOf(name)?.places ?? null])),
    places_held: Object.fromEntries(type.packages.map((name) => [name, rowOf(name)?.held ?? 0])),
    // Who waits for places, per package, in the order they will be offered (docs/PLACES.md). Every package with
    // a list, also one no longer offered: those requests still wait there.
    reserve_list: lists[type.id] ?? {},
    review_days: type.reviewDays,
    clock_from: type.clockFrom,
    payment_plan: type.paymentPlan ?? null,
  };
}

export async function officeCatalogue(): Promise<OfficeRequestType[]> {
  const [types, lists] = await Promise.all([listRequestTypes(), getDb().then(reserveLists)]);
  return types.map((type) => officeRequestType(type, lists));
}

/** The public pages that show the catalogue: rendered again at their next visit, not after their minute. */
function refreshCataloguePages() {
  // The answers kept for a second in front of Next.js go first (revalidatePath throws outside a Next.js server).
  forgetStaticPageAnswers();
  for (const locale of routing.locales) revalidatePath(`/${locale}`);
}

/** A plan as sent, checked and with its dates as Hijri (422 naming the field otherwise). */
function checkedPlan(plan: PaymentPlan, seasonEnd: string, t: Translate): PaymentPlan {
  const fail = (field: string, key: string): never => {
    throw new ApiError('validation_failed', { fields: { [`payment_plan.${field}`]: [t(`ApiErrors.${key}` as 'ApiErrors.payment_plan_percents')] } });
  };
  const instalments = plan.instalments.map((instalment, index) => ({ percent: instalment.percent, due: hijriDue(instalment.due) ?? fail(`instalments.${index}.due`, 'payment_plan_due_date') }));
  let previous = 0;
  const end = instalmentDueAt(seasonEnd).getTime();
  instalments.forEach((instalment, index) => {
    const due = instalmentDueAt(instalment.due).getTime();
    if (due <= previous || due > end) fail(`instalments.${index}.due`, 'payment_plan_due_order');
    previous = due;
  });
  if (plan.deposit_percent + instalments.reduce((sum, instalment) => sum + instalment.percent, 0) !== 100) fail('deposit_percent', 'payment_plan_percents');
  return { deposit_percent: plan.deposit_percent, instalments };
}

/**
 * An admin changes a service: the fields sent, checked together (the season's
 * end after its start, at least one package, places and fees only for packages offered), audited with each old
 * and new value. Requests already sent keep the fee fixed at their submit, and their places.
 */
export async function changeCatalogue(id: string, change: CatalogueChange, member: StaffMember, address: string | null, t: Translate): Promise<OfficeRequestType> {
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const current = await findRequestType(id, tx);
    if (!current) throw new ApiError('not_found');
    // One price for all (fee_minor, as before), then each package's own (fees_minor); every package keeps a fee, offered or not.
    const packageFees: Record<string, number> = Object.fromEntries(
      PACKAGES.map((name) => [name, change.fees_minor?.[name] ?? change.fee_minor ?? current.packageFees[name] ?? current.feeMinor]),
    );
    const next = {
      packageFees,
      seasonStart: change.season_start ?? current.seasonStart,
      seasonEnd: change.season_end ?? current.seasonEnd,
      companionLimit: change.companion_limit ?? current.companionLimit,
      // In the order the messages list them, each once, whatever order was sent.
      packages: change.packages ? PACKAGES.filter((name) => change.packages!.includes(name)) : current.packages,
      open: change.open ?? current.open,
      // A new target counts for clocks started from now on: a request already waiting keeps the deadline it was given.
      reviewDays: change.review_days ?? current.reviewDays,
      clockFrom: change.clock_from ?? current.clockFrom,
    };
    if (next.packages.length === 0) {
      throw new ApiError('validation_failed', { fields: { packages: [t('ApiErrors.packages_required')] } });
    }
    // Fees, as places, only for a package the service offers after this change.
    const unpriced = Object.keys(change.fees_minor ?? {}).filter((name) => !next.packages.includes(name));
    if (unpriced.length) {
      throw new ApiError('validation_failed', { fields: Object.fromEntries(unpriced.map((name) => [`fees_minor.${name}`, [t('ApiErrors.fees_unknown_package')]])) });
    }
    const day = (hijri: string) => hijriToGregorian(parseHijri(hijri)!);
    if (day(next.seasonEnd) <= day(next.seasonStart)) {
      throw new ApiError('validation_failed', { fields: { season_end: [t('ApiErrors.season_end_before_start')] } });
    }
    // Places only for a package the service offers (after this change): anything else is a slip.
    const unknown = Object.keys(change.places ?? {}).filter((name) => !next.packages.includes(name));
    if (unknown.length) {
      throw new ApiError('validation_failed', { fields: Object.fromEntries(unknown.map((name) => [`places.${name}`, [t('ApiErrors.places_unknown_package')]])) });
    }
    // A payment plan: dates in either calendar kept as Hijri, each after the one before and within the season, percents adding up to 100.
    const paymentPlan = change.payment_plan === undefined ? current.paymentPlan : change.payment_plan && checkedPlan(change.payment_plan, next.seasonEnd, t);
    // Fees are audited per package below; the other fields as they are.
    const fields: Omit<typeof next, 'packageFees'> = {
      seasonStart: next.seasonStart,
      seasonEnd: next.seasonEnd,
      companionLimit: next.companionLimit,
      packages: next.packages,
      open: next.open,
      reviewDays: next.reviewDays,
      clockFrom: next.clockFrom,
    };
    const changed: Record<string, string> = Object.fromEntries(
      (Object.keys(fields) as (keyof typeof fields)[]).filter((key) => String(fields[key]) !== String(current[key])).map((key) => [key, `${current[key]} → ${fields[key]}`]),
    );
    // Each package's fee audited on its own line, as its places are: "fees_minor.premium: 1500000 → 2400000".
    for (const name of PACKAGES) {
      const before = current.packageFees[name] ?? current.feeMinor;
      if (packageFees[name] !== before) changed[`fees_minor.${name}`] = `${before} → ${packageFees[name]}`;
    }
    // The column keeps the lowest fee of the packages offered ("from" on the home page).
    const feeMinor = Math.min(...next.packages.map((name) => packageFees[name]!));
    if (feeMinor !== current.feeMinor) changed.feeMinor = `${current.feeMinor} → ${feeMinor}`;
    // Requests that chose the plan keep theirs (frozen on the request): a change here is for the next ones.
    if (JSON.stringify(paymentPlan ?? null) !== JSON.stringify(current.paymentPlan ?? null)) {
      changed.paymentPlan = `${JSON.stringify(current.paymentPlan ?? null)} → ${JSON.stringify(paymentPlan ?? null)}`;
    }
    const [row] = await tx.update(requestTypes).set({ ...next, feeMinor, paymentPlan: paymentPlan ?? null }).where(eq(requestTypes.id, id)).returning();
    // A new number never touches holds already taken: it only guards the next ones (docs/PLACES.md).
    const places = await setPlaces(tx, id, change.places ?? {});
    Object.assign(changed, places.changed);
    // The opening (issue 59): set, changed (a new rate from now) or removed, audited with the rest.
    const opening = change.opening === undefined ? null : await changeOpening(tx, id, change.opening, new Date(), (field, key) => {
      throw new ApiError('validation_failed', { fields: { [field]: [t(`ApiErrors.${key}` as 'ApiErrors.opening_begun')] } });
    });
    if (opening) Object.assign(changed, opening.changed);
    // More places (or unlimited): offered down the reserve list at once, in the change's transaction.
    for (const pkg of places.packages) await offerPlaces(tx, id, pkg);
    await audit(staffActor(member), { action: 'catalogue.change', target: { type: 'request_type', id }, details: changed, address }, tx);
    // The lists as this change left them: more places are offered down them in this transaction.
    return { type: withPlaces(row!, await packagePlaceRows(tx, id), await listOpenings(tx)), lists: await reserveLists(tx), fresh: opening?.fresh ?? false };
  });
  if (change.opening !== undefined) await openingChanged(id, updated.fresh);
  try {
    refreshCataloguePages();
  } catch {
    // Outside a Next.js server (the API tests): nothing is cached to refresh.
  }
  return officeRequestType(updated.type, updated.lists);
}
