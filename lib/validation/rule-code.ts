// How a failed rule travels as a zod issue message: a code naming the rule and
// its parameters. Apart from rules.ts so that the browser can read the codes
// (to localize them) without loading zod and the rules themselves.

export type RuleName =
  | 'required' | 'email' | 'min' | 'max' | 'min_value' | 'max_value' | 'between'
  | 'numeric' | 'integer' | 'digits' | 'alpha' | 'alpha_num' | 'alpha_dash' | 'alpha_spaces'
  | 'regex' | 'password' | 'confirmed' | 'url' | 'size' | 'mimes' | 'ext' | 'image'
  | 'dimensions' | 'length' | 'one_of' | 'not_one_of' | 'is' | 'is_not' | 'hijri_date_format'
  // The application's own rules.
  // A date the pilgrim typed that is not a real day, said in the calendar they chose (date-parts.ts).
  | 'real_date'
  | 'arabic_name' | 'latin_name' | 'hijri_month' | 'past_date' | 'passport_validity' | 'max_items' | 'accepted'
  // A mobile number that can exist (libphonenumber-js).
  | 'phone'
  // A travel month that has passed, or is outside the season (lib/requests/travel-months.ts).
  | 'travel_month_past' | 'travel_month_season'
  // Refused in every text field before any other rule (control-characters.ts).
  | 'control_characters' | 'too_deep';

export type RuleParams = Record<string, string | number>;

const CODE_PREFIX = 'rule:';

export function encodeRule(name: RuleName, params?: RuleParams): string {
  return CODE_PREFIX + JSON.stringify(params ? [name, params] : [name]);
}

export function decodeRule(message: string): { name: RuleName; params: RuleParams } | null {
  if (!message.startsWith(CODE_PREFIX)) return null;
  try {
    const [name, params] = JSON.parse(message.slice(CODE_PREFIX.length)) as [RuleName, RuleParams?];
    return { name, params: params ?? {} };
  } catch {
    return null;
  }
}
