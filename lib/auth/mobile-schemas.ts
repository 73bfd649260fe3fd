import { z } from '@/lib/validation/z';
import { textField } from '@/lib/validation/rules';
import { verificationCodeRules } from './recovery-rules';
import { mobileRules } from './mobile-rules';

/** POST /me/mobile and /me/mobile/confirm: the rules of the profile's forms (mobile-rules.ts). */
export const mobileSchema = z.object({ mobile: textField(mobileRules.rules, mobileRules) });
export const mobileCodeSchema = z.object({ code: textField(verificationCodeRules.rules, verificationCodeRules) });
