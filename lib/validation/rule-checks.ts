// The rules themselves, without zod and without the Hijri calendar: the sign-in
// and registration forms check their fields with these alone (see
// lib/auth/sign-in-rules.ts), so that their pages need neither. rules.ts builds
// the zod fields of every other form, and of the API, on the same checks.

import { encodeRule, type RuleName, type RuleParams } from './rule-code';
import { hasControlCharacters } from './control-characters';
import { westernDigits } from './digits';

type Check = (value: unknown) => boolean | Promise<boolean>;
/**
 * A rule: its name and parameters (for the message), its check, and what it
 * says in JSON Schema terms where it can (the API's OpenAPI document,
 * lib/server/openapi): an enum, a length, a bound, a format. Rules that read
 * digits of any script or the Umm al-Qura calendar have no such words: they
 * are named in the field's description instead.
 */
export type Rule = { name: RuleName; params?: RuleParams; check: Check; doc?: Record<string, unknown> };

export const str = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');
const num = (value: unknown) => (str(value).trim() === '' ? NaN : Number(str(value)));
const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;
const chars = (value: unknown) => [...str(value)].length;

// Letters of any script (Arabic names are letters too), digits of any script.
// Marks (\p{M}) too: Arabic written with its diacritics (tashkeel) is still letters.
const ALPHA = /^[\p{L}\p{M}]+$/u;
const ALPHA_NUM = /^[\p{L}\p{M}\p{N}]+$/u;
const ALPHA_DASH = /^[\p{L}\p{M}\p{N}_-]+$/u;
const ALPHA_SPACES = /^[\p{L}\p{M}\s]+$/u;
const NUMERIC = /^\p{N}+$/u;
// One "@", something before, a dotted domain after; what real forms accept.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const STRONG_PASSWORD = [/\p{Lu}/u, /\p{Ll}/u, /\p{N}/u, /[^\p{L}\p{N}\s]/u];

const MIME_BY_EXT: Record<string, string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
};

/** Every rule but hijri_date_format (rules.ts adds it: it needs the Umm al-Qura calendar). */
export const baseRules = {
  required: (): Rule => ({
    name: 'required',
    check: (value) =>
      isFile(value) ? value.size > 0 : Array.isArray(value) ? value.length > 0 : value === true || str(value).trim() !== '',
  }),
  email: (): Rule => ({ name: 'email', doc: { format: 'email', maxLength: 254 }, check: (value) => EMAIL.test(str(value)) && str(value).length <= 254 }),
  min: (min: number): Rule => ({ name: 'min', params: { min }, doc: { minLength: min }, check: (value) => chars(value) >= min }),
  max: (max: number): Rule => ({ name: 'max', params: { max }, doc: { maxLength: max }, check: (value) => chars(value) <= max }),
  min_value: (min: number): Rule => ({ name: 'min_value', params: { min }, doc: { minimum: min }, check: (value) => num(value) >= min }),
  max_value: (max: number): Rule => ({ name: 'max_value', params: { max }, doc: { maximum: max }, check: (value) => num(value) <= max }),
  between: (min: number, max: number): Rule => ({
    name: 'between',
    params: { min, max },
    check: (value) => num(value) >= min && num(value) <= max,
  }),
  numeric: (): Rule => ({ name: 'numeric', check: (value) => NUMERIC.test(str(value)) }),
  integer: (): Rule => ({ name: 'integer', check: (value) => /^-?\d+$/.test(str(value)) }),
  digits: (length: number): Rule => ({
    name: 'digits',
    params: { length },
    check: (value) => /^\d+$/.test(str(value)) && str(value).length === length,
  }),
  alpha: (): Rule => ({ name: 'alpha', check: (value) => ALPHA.test(str(value)) }),
  alpha_num: (): Rule => ({ name: 'alpha_num', check: (value) => ALPHA_NUM.test(str(value)) }),
  alpha_dash: (): Rule => ({ name: 'alpha_dash', check: (value) => ALPHA_DASH.test(str(value)) }),
  alpha_spaces: (): Rule => ({ name: 'alpha_spaces', check: (value) => ALPHA_SPACES.test(str(value)) }),
  regex: (pattern: RegExp): Rule => ({
    name: 'regex',
    check: (value) => {
      pattern.lastIndex = 0; // a /g pattern would otherwise resume where it last matched
      return pattern.test(str(value));
    },
  }),
  /** The password rule: an uppercase letter, a lowercase letter, a number and a symbol. */
  password: (): Rule => ({ name: 'password', check: (value) => STRONG_PASSWORD.every((re) => re.test(str(value))) }),
  url: (): Rule => ({
    name: 'url',
    check: (value) => {
      try {
        return ['http:', 'https:'].includes(new URL(str(value)).protocol);
      } catch {
        return false;
      }
    },
  }),
  /** At most `kb` kilobytes. */
  size: (kb: number): Rule => ({ name: 'size', params: { size: kb }, check: (value) => isFile(value) && value.size <= kb * 1024 }),
  /** The file's content type is one of these extensions' types. */
  mimes: (exts: string[]): Rule => ({
    name: 'mimes',
    params: { types: exts.join(', ') },
    check: (value) => isFile(value) && exts.some((ext) => MIME_BY_EXT[ext]?.includes(value.type)),
  }),
  ext: (exts: string[]): Rule => ({
    name: 'ext',
    params: { types: exts.join(', ') },
    check: (value) => isFile(value) && value.name.includes('.') && exts.includes(value.name.split('.').pop()!.toLowerCase()),
  }),
  /** An image by its content: the first bytes are a JPEG or PNG signature. */
  image: (): Rule => ({ name: 'image', check: async (value) => isFile(value) && (await imageSize(value)) !== null }),
  dimensions: (width: number, height: number): Rule => ({
    name: 'dimensions',
    params: { width, height },
    check: async (value) => {
      if (!isFile(value)) return false;
      const size = await imageSize(value);
      return size !== null && size.width === width && size.height === height;
    },
  }),
  length: (length: number): Rule => ({ name: 'length', params: { length }, doc: { minLength: length, maxLength: length }, check: (value) => chars(value) === length }),
  one_of: (values: readonly string[]): Rule => ({ name: 'one_of', doc: { enum: [...values] }, check: (value) => values.includes(str(value)) }),
  not_one_of: (values: readonly string[]): Rule => ({ name: 'not_one_of', check: (value) => !values.includes(str(value)) }),
  is: (expected: string): Rule => ({ name: 'is', check: (value) => str(value) === expected }),
  is_not: (unwanted: string): Rule => ({ name: 'is_not', check: (value) => str(value) !== unwanted }),
  /** A name in Arabic letters, as written in Arabic documents. */
  arabic_name: (): Rule => ({ name: 'arabic_name', check: (value) => ARABIC_NAME.test(str(value)) }),
  /** A name in Latin letters exactly as in the passport's machine-readable zone allows. */
  latin_name: (): Rule => ({ name: 'latin_name', check: (value) => LATIN_NAME.test(str(value)) }),
  /** A Hijri month as MM-YYYY. */
  hijri_month: (): Rule => ({ name: 'hijri_month', check: (value) => /^(0[1-9]|1[0-2])-\d{4}$/.test(str(value)) }),
  /**
   * A mobile number that can exist, as written (spaces, dashes, brackets, a
   * national leading 0 read in `country`; with none, only "+" and the country
   * code). libphonenumber-js is loaded on first
   * use, so that pages which merely could ask for a phone do not carry it.
   */
  phone: (country?: string): Rule => ({
    name: 'phone',
    check: async (value) => (await import('./phone')).mobileE164(str(value), country) !== null,
  }),
  /** A checkbox that must be ticked. */
  accepted: (): Rule => ({ name: 'accepted', check: (value) => value === true || value === 'true' || value === 'on' || value === '1' }),
} as const;

const ARABIC_NAME = /^[\u0600-\u06FF\u0750-\u077F]+(?:[ \u0640'-][\u0600-\u06FF\u0750-\u077F]+)*$/u;
const LATIN_NAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;

/** Width and height of a PNG or JPEG from its bytes; null for anything else. */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  const bytes = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((b, i) => bytes[i] === b)) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = view.getUint16(offset + 2);
      // Start-of-frame markers hold the size (C0-CF except C4, C8, CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

/** The country a national phone number is read in when the person gives none (a Saudi office's pilgrims). */
export const DEFAULT_PHONE_COUNTRY = 'SA';

export type FieldOptions = {
  optional?: boolean;
  /** Rewrites the trimmed text before any rule, e.g. westernDigits for a numeric answer. */
  prepare?: (text: string) => string;
  /** The value kept once every rule passed, e.g. a phone number as E.164. */
  finish?: (text: string) => string | Promise<string>;
};

/** A numeric answer (an ID, a date, the digits of a passport number): typed in any digits, kept in Western digits. */
export const numericText = { prepare: westernDigits } as const;

/** A mobile number as the account forms take it: in any digits, read in DEFAULT_PHONE_COUNTRY, kept as E.164. */
export const phoneText = {
  prepare: westernDigits,
  finish: async (text: string) => (await import('./phone')).mobileE164(text, DEFAULT_PHONE_COUNTRY) ?? text,
} as const;

export async function firstFailure(value: unknown, list: Rule[]): Promise<Rule | null> {
  for (const rule of list) {
    if (!(await rule.check(value))) return rule;
  }
  return null;
}

/** A text value as a text field reads it: trimmed, null and undefined as ''. */
export function textValue(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/**
 * A text field's check: the value trimmed (and prepared, when the field says
 * how), then `required` (unless optional) and the rules in order; the first
 * that fails is reported as its code. An optional field left empty passes as
 * undefined; a value that passes is kept as `finish` makes it.
 */
export async function checkText(
  raw: unknown,
  list: Rule[],
  { optional = false, prepare, finish }: FieldOptions = {},
): Promise<{ value: string | undefined; error: string | null }> {
  const trimmed = textValue(raw);
  if (optional && trimmed === '') return { value: undefined, error: null };
  // Before any rule: a NUL would otherwise reach the database (a 500), the others are never typed.
  if (hasControlCharacters(trimmed)) return { value: trimmed, error: encodeRule('control_characters') };
  const value = prepare ? prepare(trimmed) : trimmed;
  const failed = await firstFailure(value, optional ? list : [baseRules.required(), ...list]);
  if (failed) return { value, error: encodeRule(failed.name, failed.params) };
  return { value: finish ? await finish(value) : value, error: null };
}

/** The confirmed rule's code, as `${field}_confirmation` carries it when it differs from `field`. */
export const confirmedCode = (field: string) => encodeRule('confirmed', { target: field });
