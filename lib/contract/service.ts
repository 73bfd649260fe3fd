import { z } from '@/lib/validation/z';
import { timestamp } from './common';

// The service itself: whether it reaches its database, and which build it runs.

export const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });
export type Health = z.infer<typeof health>;

export const build = z.object({ id: z.string(), built_at: timestamp });
export type Build = z.infer<typeof build>;
