import { z } from '@/lib/validation/z';
import { textField } from '@/lib/validation/rules';
import { phoneRules } from './sign-in-rules';
import { verificationCodeRules } from './recovery-rules';

// Confirming the account's mobile number (issue 62, item 2): the number as people write it, in either digit style
// (kept as E.164), then the 6-digit code sent to it, in either digit style.
export const mobileRules = { ...phoneRules, optional: false };
export const mobileSchema = z.object({ mobile: textField(mobileRules.rules, mobileRules) });
export const mobileCodeSchema = z.object({ code: textField(verificationCodeRules.rules, verificationCodeRules) });
export const mobileFormRules = { fields: { mobile: mobileRules } };
export const mobileCodeFormRules = { fields: { code: verificationCodeRules } };
