import { z } from '@/lib/validation/z';

/** PUT /me/sms-preferences: every kind's switch (issue 62, item 3). */
export const smsPreferencesSchema = z.object({
  place_offered: z.boolean(),
  opening_turn: z.boolean(),
  payment_due: z.boolean(),
  decision: z.boolean(),
  changes_requested: z.boolean(),
});
