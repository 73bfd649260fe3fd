import { z } from '@/lib/validation/z';

// What every answer shares: timestamps and ids as the API writes them, the
// error envelope, `{data}` and a page's `meta`.

export const timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 timestamp');
export const nullableTimestamp = timestamp.nullable();
export const uuid = z.uuid();

export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.string().describe('One of the error codes listed in the document description (x-error-codes)'),
      message: z.string().describe("In the reader's language (Accept-Language or the locale cookie)"),
      fields: z.record(z.string(), z.array(z.string())).optional().describe('422 only: messages per field, by path (applicant.mobile, companions.0.email)'),
    }),
  })
  // A 409 for a stale version also carries `data`: the request as it is now; a 409 sold_out carries `places` ({package, places_left, needed}).
  .loose();

export const pageMeta = z.object({ page: z.int(), per_page: z.int(), total: z.int(), total_pages: z.int() });
export type PageMeta = z.infer<typeof pageMeta>;

/** An object this document does not detail yet: its fields are named in DESIGN section 6 and the README's API table. */
export const looseObject = z.object({}).loose();

/** `{data: T}`: every success with a body; with `meta` beside it for a page (or a count that comes with it). */
export function envelope<T extends z.ZodType>(data: T): z.ZodObject<{ data: T }>;
export function envelope<T extends z.ZodType, M extends z.ZodType>(data: T, meta: M): z.ZodObject<{ data: T; meta: M }>;
export function envelope(data: z.ZodType, meta?: z.ZodType) {
  return meta ? z.object({ data, meta }) : z.object({ data });
}

/** A page of a list: `{data: T[], meta}`, `meta` the page's numbers unless the list says more. */
export function page<T extends z.ZodType>(item: T): z.ZodObject<{ data: z.ZodArray<T>; meta: typeof pageMeta }>;
export function page<T extends z.ZodType, M extends z.ZodType>(item: T, meta: M): z.ZodObject<{ data: z.ZodArray<T>; meta: M }>;
export function page(item: z.ZodType, meta: z.ZodType = pageMeta) {
  return envelope(z.array(item), meta);
}
