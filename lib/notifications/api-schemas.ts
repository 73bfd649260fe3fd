import { z } from '@/lib/validation/z';
import { rules, textField } from '@/lib/validation/rules';

export const listNotificationsSchema = z.object({
  page: textField([rules.integer(), rules.min_value(1), rules.max_value(10_000)], { optional: true }).transform((page) => Number(page ?? 1)),
});
