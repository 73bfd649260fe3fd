import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTranslator } from 'next-intl';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { confirmed, fileField, imageSize, rules, textField } from './rules';
import { localizeIssues, ruleMessage, type Translate } from './localize';

// Translators over the root of the message files, as the app builds them.
const t = {
  en: createTranslator({ locale: 'en', messages: en }) as unknown as Translate,
  ar: createTranslator({ locale: 'ar', messages: ar }) as unknown as Translate,
};

type Messages = { en: Record<string, string[]>; ar: Record<string, string[]> };

/** Parses `{ [field]: value }` and returns the localized errors in both languages. */
async function errorsFor(field: string, schema: z.ZodType, input: Record<string, unknown>): Promise<Messages> {
  const result = await z.object({ [field]: schema }).safeParseAsync(input);
  if (result.success) return { en: {}, ar: {} };
  return { en: localizeIssues(result.error, t.en), ar: localizeIssues(result.error, t.ar) };
}

/** The one message a failed field gets, in both languages. */
async function failure(field: string, schema: z.ZodType, value: unknown) {
  return errorsFor(field, schema, { [field]: value });
}

/** The expected errors when only `field` fails, with one message. */
const only = (field: string, messages: { en: string; ar: string }): Messages => ({
  en: { [field]: [messages.en] },
  ar: { [field]: [messages.ar] },
});

/** Parses successfully and returns the parsed value of the field. */
async function parsed(field: string, schema: z.ZodType, value: unknown) {
  const result = await z.object({ [field]: schema }).safeParseAsync({ [field]: value });
  expect(result.error?.issues ?? []).toEqual([]);
  return (result.data as Record<string, unknown>)[field];
}

// ---- Real image bytes -------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A minimal PNG: the 8-byte signature and an IHDR chunk (with its CRC) holding the size. */
function pngBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(8 + 4 + 4 + 13 + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  view.setUint32(8, 13); // IHDR data length
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // "IHDR"
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24); // 8-bit RGB, deflate, no filter, no interlace
  view.setUint32(29, crc32(bytes.subarray(12, 29)));
  return bytes;
}

/** A minimal JPEG: SOI, a baseline SOF0 segment holding the size, EOI. */
function jpegBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff, 0xd8, // SOI
    0xff, 0xc0, 0x00, 0x11, 0x08, // SOF0, length 17, 8-bit samples
    height >> 8, height & 0xff, width >> 8, width & 0xff,
    0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, // three components
    0xff, 0xd9, // EOI
  ]);
}

/** A complete PNG as an image library writes it. */
function encodedPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width, height });
  png.data.fill(0x80);
  return new Uint8Array(PNG.sync.write(png));
}

/** A complete JFIF JPEG (APP0, DQT, SOF0, DHT, SOS…) as an image library writes it. */
function encodedJpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => new File([bytes], name, { type });
const kilobytes = (kb: number) => new Uint8Array(kb * 1024);

describe('the test images', () => {
  it('are read back with the size they were built with', async () => {
    expect(await imageSize(new Blob([pngBytes(200, 300)]))).toEqual({ width: 200, height: 300 });
    expect(await imageSize(new Blob([jpegBytes(200, 300)]))).toEqual({ width: 200, height: 300 });
    expect(await imageSize(new Blob([encodedPng(20, 30)]))).toEqual({ width: 20, height: 30 });
    expect(await imageSize(new Blob([encodedJpeg(20, 30)]))).toEqual({ width: 20, height: 30 });
  });
});

// ---- Rules ------------------------------------------------------------------

describe('required', () => {
  const name = textField([]);
  const REQUIRED = only('name', { en: 'The Full name field is required', ar: 'حقل الاسم الكامل مطلوب' });

  it('accepts a filled-in value', async () => {
    expect(await parsed('name', name, 'Aisha Al-Harbi')).toBe('Aisha Al-Harbi');
  });

  it('reads "The {field} field is required", with the field label', async () => {
    expect(await failure('name', name, '')).toEqual(REQUIRED);
  });

  it('rejects blanks, null, undefined and a missing key the same way', async () => {
    expect(await failure('name', name, '   ')).toEqual(REQUIRED);
    expect(await failure('name', name, null)).toEqual(REQUIRED);
    expect(await failure('name', name, undefined)).toEqual(REQUIRED);
    expect(await errorsFor('name', name, {})).toEqual(REQUIRED);
  });

  it('is added to every file field that is not optional', async () => {
    const photo = fileField([]);
    const REQUIRED_PHOTO = only('photo', { en: 'The Personal photo field is required', ar: 'حقل الصورة الشخصية مطلوب' });
    expect(await parsed('photo', photo, file(pngBytes(1, 1), 'me.png', 'image/png'))).toBeInstanceOf(File);
    expect(await failure('photo', photo, file(new Uint8Array(0), 'empty.png', 'image/png'))).toEqual(REQUIRED_PHOTO);
    expect(await failure('photo', photo, null)).toEqual(REQUIRED_PHOTO);
    expect(await failure('photo', photo, '')).toEqual(REQUIRED_PHOTO);
    expect(await failure('photo', photo, undefined)).toEqual(REQUIRED_PHOTO);
  });

  it('rejects a required file field that is missing from the form', async () => {
    // A multipart form without the file part at all must not pass.
    expect(await errorsFor('photo', fileField([rules.image()]), {})).toEqual(
      only('photo', { en: 'The Personal photo field is required', ar: 'حقل الصورة الشخصية مطلوب' }),
    );
  });
});

describe('email', () => {
  const email = textField([rules.email()]);

  it('accepts an e-mail address', async () => {
    expect(await parsed('email', email, 'aisha@example.com')).toBe('aisha@example.com');
    expect(await parsed('email', email, 'a.b+hajj@mail.example.sa')).toBe('a.b+hajj@mail.example.sa');
  });

  it('rejects anything else', async () => {
    const EMAIL = only('email', {
      en: 'Enter an e-mail address in the right form, like name@example.com',
      ar: 'أدخل عنوان بريد إلكتروني بالشكل الصحيح، مثل name@example.com',
    });
    expect(await failure('email', email, 'aisha@example')).toEqual(EMAIL);
    expect(await failure('email', email, 'aisha.example.com')).toEqual(EMAIL);
    expect(await failure('email', email, 'aisha @example.com')).toEqual(EMAIL);
    expect(await failure('email', email, 'aisha@@example.com')).toEqual(EMAIL);
  });
});

describe('min', () => {
  const currentPassword = textField([rules.min(8)]);

  it('accepts at least that many characters', async () => {
    expect(await parsed('current_password', currentPassword, 'abcdefgh')).toBe('abcdefgh');
  });

  it('counts Arabic letters as characters', async () => {
    expect(await parsed('name_ar', textField([rules.min(5)]), 'عائشة')).toBe('عائشة');
  });

  it('rejects fewer', async () => {
    expect(await failure('current_password', currentPassword, 'abcdefg')).toEqual(
      only('current_password', {
        en: 'The Current password must be 8 characters or more',
        ar: 'يجب ألا يقل طول كلمة المرور الحالية عن 8 من الأحرف',
      }),
    );
  });
});

describe('max', () => {
  const name = textField([rules.max(10)]);

  it('accepts at most that many characters', async () => {
    expect(await parsed('name', name, 'Aisha Amin')).toBe('Aisha Amin');
  });

  it('rejects more', async () => {
    expect(await failure('name', name, 'Aisha Amina')).toEqual(
      only('name', {
        en: 'The Full name must be 10 characters or fewer',
        ar: 'يجب ألا يزيد طول الاسم الكامل على 10 من الأحرف',
      }),
    );
  });
});

describe('min_value', () => {
  const value = textField([rules.min_value(1)]);

  it('accepts the minimum and above', async () => {
    expect(await parsed('value', value, '1')).toBe('1');
    expect(await parsed('value', value, 250)).toBe('250');
  });

  it('rejects below the minimum and what is not a number', async () => {
    const MIN_VALUE = only('value', { en: 'The Value must be 1 or more', ar: 'يجب أن تكون قيمة القيمة 1 أو أكثر' });
    expect(await failure('value', value, '0')).toEqual(MIN_VALUE);
    expect(await failure('value', value, -3)).toEqual(MIN_VALUE);
    expect(await failure('value', value, 'ten')).toEqual(MIN_VALUE);
  });
});

describe('max_value', () => {
  const companions = textField([rules.max_value(13)]);

  it('accepts the maximum and below', async () => {
    expect(await parsed('companions', companions, 13)).toBe('13');
    expect(await parsed('companions', companions, '0')).toBe('0');
  });

  it('rejects above the maximum', async () => {
    expect(await failure('companions', companions, 14)).toEqual(
      only('companions', { en: 'The Companions must be 13 or less', ar: 'يجب أن تكون قيمة المرافقون 13 أو أقل' }),
    );
  });
});

describe('between', () => {
  const companions = textField([rules.between(1, 13)]);

  it('accepts both ends and what lies between', async () => {
    expect(await parsed('companions', companions, '1')).toBe('1');
    expect(await parsed('companions', companions, '7')).toBe('7');
    expect(await parsed('companions', companions, '13')).toBe('13');
  });

  it('rejects outside the range', async () => {
    const BETWEEN = only('companions', {
      en: 'The Companions must be between 1 and 13',
      ar: 'يجب أن تكون قيمة المرافقون بين 1 و13',
    });
    expect(await failure('companions', companions, '0')).toEqual(BETWEEN);
    expect(await failure('companions', companions, '14')).toEqual(BETWEEN);
  });
});

describe('numeric', () => {
  const nationalId = textField([rules.numeric()]);

  it('accepts digits, Western or Arabic-Indic', async () => {
    expect(await parsed('national_id', nationalId, '1023456789')).toBe('1023456789');
    expect(await parsed('national_id', nationalId, '١٠٢٣٤٥٦٧٨٩')).toBe('١٠٢٣٤٥٦٧٨٩');
  });

  it('rejects anything that is not only digits', async () => {
    const NUMERIC = only('national_id', {
      en: 'Enter the national ID or residence number using numbers only, as on the card',
      ar: 'أدخل رقم الهوية الوطنية أو الإقامة بالأرقام فقط، كما في البطاقة',
    });
    expect(await failure('national_id', nationalId, '10234a6789')).toEqual(NUMERIC);
    expect(await failure('national_id', nationalId, '1023 456')).toEqual(NUMERIC);
    expect(await failure('national_id', nationalId, '-12')).toEqual(NUMERIC);
  });
});

describe('integer', () => {
  const value = textField([rules.integer()]);

  it('accepts whole numbers, negative too', async () => {
    expect(await parsed('value', value, '42')).toBe('42');
    expect(await parsed('value', value, '-5')).toBe('-5');
  });

  it('rejects fractions and words', async () => {
    const INTEGER = only('value', { en: 'Enter the Value as a whole number', ar: 'أدخل القيمة عددًا صحيحًا' });
    expect(await failure('value', value, '2.5')).toEqual(INTEGER);
    expect(await failure('value', value, 'two')).toEqual(INTEGER);
  });
});

describe('digits', () => {
  const nationalId = textField([rules.digits(10)]);

  it('accepts exactly that many digits', async () => {
    expect(await parsed('national_id', nationalId, '1023456789')).toBe('1023456789');
  });

  it('rejects too few, too many, or letters', async () => {
    const DIGITS = only('national_id', {
      en: 'Enter the National ID or residence number as 10 digits',
      ar: 'أدخل رقم الهوية الوطنية أو الإقامة من 10 أرقام',
    });
    expect(await failure('national_id', nationalId, '102345678')).toEqual(DIGITS);
    expect(await failure('national_id', nationalId, '10234567890')).toEqual(DIGITS);
    expect(await failure('national_id', nationalId, '10234567ab')).toEqual(DIGITS);
  });
});

describe('alpha', () => {
  const nationality = textField([rules.alpha()]);

  it('accepts Latin letters', async () => {
    expect(await parsed('nationality', nationality, 'Saudi')).toBe('Saudi');
  });

  it('accepts Arabic letters', async () => {
    expect(await parsed('nationality', nationality, 'سعودي')).toBe('سعودي');
  });

  it('accepts Arabic letters written with diacritics (tashkeel)', async () => {
    // "Muhammad" with a shadda, as it is often written in Arabic documents.
    expect(await parsed('nationality', nationality, 'محمّد')).toBe('محمّد');
  });

  it('rejects digits, spaces and punctuation', async () => {
    const ALPHA = only('nationality', {
      en: 'Enter the Nationality using letters only',
      ar: 'أدخل الجنسية بالحروف فقط',
    });
    expect(await failure('nationality', nationality, 'Saudi1')).toEqual(ALPHA);
    expect(await failure('nationality', nationality, 'Saudi Arabian')).toEqual(ALPHA);
    expect(await failure('nationality', nationality, 'Saudi-Arabian')).toEqual(ALPHA);
  });
});

describe('alpha_num', () => {
  const passportNumber = textField([rules.alpha_num()]);

  it('accepts letters and digits', async () => {
    expect(await parsed('passport_number', passportNumber, 'A12345678')).toBe('A12345678');
  });

  it('rejects anything else', async () => {
    expect(await failure('passport_number', passportNumber, 'A1234-5678')).toEqual(
      only('passport_number', {
        en: 'Enter the passport number as printed in the passport: letters and numbers only, without spaces',
        ar: 'أدخل رقم جواز السفر كما هو مطبوع فيه: حروف وأرقام فقط، دون مسافات',
      }),
    );
  });
});

describe('alpha_dash', () => {
  const pkg = textField([rules.alpha_dash()]);

  it('accepts letters, digits, dashes and underscores', async () => {
    expect(await parsed('package', pkg, 'hajj_premium-2026')).toBe('hajj_premium-2026');
  });

  it('rejects spaces and other symbols', async () => {
    const ALPHA_DASH = only('package', {
      en: 'Enter the Package using letters, numbers, dashes and underscores only',
      ar: 'أدخل الباقة بالحروف والأرقام والشرطات فقط',
    });
    expect(await failure('package', pkg, 'hajj premium')).toEqual(ALPHA_DASH);
    expect(await failure('package', pkg, 'hajj.premium')).toEqual(ALPHA_DASH);
  });
});

describe('alpha_spaces', () => {
  const nameAr = textField([rules.alpha_spaces()]);

  it('accepts Arabic letters and spaces', async () => {
    expect(await parsed('name_ar', nameAr, 'عائشة بنت أحمد')).toBe('عائشة بنت أحمد');
  });

  it('accepts Latin letters and spaces', async () => {
    expect(await parsed('name_ar', nameAr, 'Aisha Ahmed')).toBe('Aisha Ahmed');
  });

  it('accepts Arabic letters written with diacritics (tashkeel)', async () => {
    expect(await parsed('name_ar', nameAr, 'عَائِشَة بنت مُحَمَّد')).toBe('عَائِشَة بنت مُحَمَّد');
  });

  it('rejects digits and punctuation', async () => {
    const ALPHA_SPACES = only('name_ar', {
      en: 'Enter the Name in Arabic using letters and spaces only',
      ar: 'أدخل الاسم بالعربية بالحروف والمسافات فقط',
    });
    expect(await failure('name_ar', nameAr, 'عائشة 2')).toEqual(ALPHA_SPACES);
    expect(await failure('name_ar', nameAr, 'Aisha, Ahmed')).toEqual(ALPHA_SPACES);
  });
});

describe('regex', () => {
  const mobile = textField([rules.regex(/^\+\d{8,15}$/)]);

  it('accepts a value matching the pattern', async () => {
    expect(await parsed('mobile', mobile, '+966501234567')).toBe('+966501234567');
  });

  it('rejects a value that does not match', async () => {
    expect(await failure('mobile', mobile, '0501234567')).toEqual(
      only('mobile', { en: 'Enter a mobile number with its country code, like +966 50 123 4567', ar: 'أدخل رقم الجوال مع رمز الدولة، مثل ⁦+966 50 123 4567⁩' }),
    );
  });
});

describe('password', () => {
  const password = textField([rules.password()]);
  const PASSWORD = only('password', {
    en: 'The Password field must contain an uppercase letter, a lowercase letter, a number and a symbol',
    ar: 'يجب أن يحتوي حقل كلمة المرور على حرف إنجليزي كبير (مثل A) وحرف إنجليزي صغير (مثل a) ورقم ورمز (مثل # أو !)',
  });

  it('accepts an uppercase letter, a lowercase letter, a number and a symbol', async () => {
    expect(await parsed('password', password, 'Labbaik#2026')).toBe('Labbaik#2026');
  });

  it.each([
    ['labbaik#2026', 'no uppercase letter'],
    ['LABBAIK#2026', 'no lowercase letter'],
    ['Labbaik#abcd', 'no number'],
    ['Labbaik2026', 'no symbol'],
    ['Labbaik 2026', 'a space is not a symbol'],
  ])('rejects %s (%s)', async (value) => {
    expect(await failure('password', password, value)).toEqual(PASSWORD);
  });
});

describe('confirmed', () => {
  const form = confirmed(
    z.object({ password: textField([rules.password()]), password_confirmation: textField([]) }),
    'password',
  );

  it('accepts a confirmation equal to the password', async () => {
    const result = await form.safeParseAsync({ password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' });
    expect(result.success).toBe(true);
  });

  it('puts a mismatch on password_confirmation and names the Password field', async () => {
    const result = await form.safeParseAsync({ password: 'Labbaik#2026', password_confirmation: 'Labbaik#2025' });
    expect(result.success).toBe(false);
    expect(localizeIssues(result.error!, t.en)).toEqual({
      password_confirmation: ['The confirmation does not match the Password field'],
    });
    expect(localizeIssues(result.error!, t.ar)).toEqual({
      password_confirmation: ['التأكيد لا يطابق حقل كلمة المرور'],
    });
  });
});

describe('url', () => {
  const value = textField([rules.url()]);

  it('accepts http and https addresses', async () => {
    expect(await parsed('value', value, 'https://labbaik.example/ar/faqs')).toBe('https://labbaik.example/ar/faqs');
    expect(await parsed('value', value, 'http://labbaik.example')).toBe('http://labbaik.example');
  });

  it('rejects other text and other schemes', async () => {
    const URL_MESSAGE = only('value', {
      en: 'Enter a web address, like https://www.example.com',
      ar: 'أدخل عنوان موقع، مثل https://www.example.com',
    });
    expect(await failure('value', value, 'labbaik.example')).toEqual(URL_MESSAGE);
    expect(await failure('value', value, 'ftp://labbaik.example')).toEqual(URL_MESSAGE);
    expect(await failure('value', value, 'javascript:alert(1)')).toEqual(URL_MESSAGE);
  });
});

describe('size', () => {
  const photo = fileField([rules.size(100)]);

  it('accepts a file of at most that many kilobytes', async () => {
    expect(await parsed('photo', photo, file(kilobytes(1), 'me.png', 'image/png'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(kilobytes(100), 'me.png', 'image/png'))).toBeInstanceOf(File);
  });

  it('rejects a larger file', async () => {
    expect(await failure('photo', photo, file(kilobytes(101), 'me.png', 'image/png'))).toEqual(
      only('photo', {
        en: 'The Personal photo must be smaller than 100 KB',
        ar: 'يجب أن يكون الصورة الشخصية أصغر من 100 كيلوبايت',
      }),
    );
  });
});

describe('mimes', () => {
  const photo = fileField([rules.mimes(['jpg', 'png'])]);

  it('accepts a file of one of the types', async () => {
    expect(await parsed('photo', photo, file(pngBytes(10, 10), 'me.png', 'image/png'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(jpegBytes(10, 10), 'me.jpg', 'image/jpeg'))).toBeInstanceOf(File);
  });

  it('rejects a file of another type', async () => {
    expect(await failure('photo', photo, file('%PDF-1.7', 'me.pdf', 'application/pdf'))).toEqual(
      only('photo', {
        en: 'The Personal photo must be a jpg, png file',
        ar: 'يجب أن يكون الصورة الشخصية ملفًا من نوع jpg, png',
      }),
    );
  });

  it('rejects what is not a file', async () => {
    expect((await failure('photo', photo, 'me.png')).en).toEqual({ photo: ['The Personal photo must be a jpg, png file'] });
  });
});

describe('ext', () => {
  const passport = fileField([rules.ext(['pdf', 'jpg', 'png'])]);
  const EXT = only('passport', {
    en: 'The Passport scan must be a pdf, jpg, png file',
    ar: 'يجب أن يكون صورة جواز السفر ملفًا من نوع pdf, jpg, png',
  });

  it('accepts a name ending in one of the extensions, in any case', async () => {
    expect(await parsed('passport', passport, file('%PDF-1.7', 'passport.pdf', 'application/pdf'))).toBeInstanceOf(File);
    expect(await parsed('passport', passport, file(jpegBytes(10, 10), 'PASSPORT.JPG', 'image/jpeg'))).toBeInstanceOf(File);
  });

  it('rejects another extension', async () => {
    expect(await failure('passport', passport, file('text', 'passport.docx', 'application/msword'))).toEqual(EXT);
    expect(await failure('passport', passport, file('text', 'passport.pdf.exe', 'application/octet-stream'))).toEqual(EXT);
  });

  it('rejects a name without any extension, even one spelled like an extension', async () => {
    expect(await failure('passport', passport, file('%PDF-1.7', 'passport', 'application/pdf'))).toEqual(EXT);
    expect(await failure('passport', passport, file('%PDF-1.7', 'pdf', 'application/pdf'))).toEqual(EXT);
  });
});

describe('image', () => {
  const photo = fileField([rules.image()]);
  const IMAGE = only('photo', { en: 'The Personal photo must be a photo: a JPG or PNG file', ar: 'يجب أن يكون الصورة الشخصية صورة بصيغة JPG أو PNG' });

  it('accepts PNG and JPEG files by their bytes', async () => {
    expect(await parsed('photo', photo, file(pngBytes(120, 160), 'me.png', 'image/png'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(jpegBytes(120, 160), 'me.jpg', 'image/jpeg'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(encodedJpeg(12, 16), 'me.jpeg', 'image/jpeg'))).toBeInstanceOf(File);
  });

  it('goes by the content, not the name: an image named .pdf passes', async () => {
    expect(await parsed('photo', photo, file(pngBytes(120, 160), 'scan.pdf', 'application/pdf'))).toBeInstanceOf(File);
  });

  it('rejects a file renamed to .png that is not an image', async () => {
    const fake = file('just some text, not a picture', 'photo.png', 'image/png');
    // The declared type and the name say PNG…
    expect(await parsed('photo', fileField([rules.mimes(['png']), rules.ext(['png'])]), fake)).toBeInstanceOf(File);
    // …but the content does not.
    expect(await failure('photo', photo, fake)).toEqual(IMAGE);
  });

  it('rejects a PDF and a truncated PNG', async () => {
    expect(await failure('photo', photo, file('%PDF-1.7', 'me.pdf', 'application/pdf'))).toEqual(IMAGE);
    expect(await failure('photo', photo, file(pngBytes(10, 10).slice(0, 12), 'me.png', 'image/png'))).toEqual(IMAGE);
  });
});

describe('dimensions', () => {
  const photo = fileField([rules.dimensions(200, 300)]);
  const DIMENSIONS = only('photo', {
    en: 'The Personal photo must be 200 × 300 pixels',
    ar: 'يجب أن تكون أبعاد الصورة الشخصية 200 × 300 بكسل',
  });

  it('accepts a PNG or JPEG of exactly that width and height', async () => {
    expect(await parsed('photo', photo, file(pngBytes(200, 300), 'me.png', 'image/png'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(jpegBytes(200, 300), 'me.jpg', 'image/jpeg'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(encodedPng(200, 300), 'me.png', 'image/png'))).toBeInstanceOf(File);
    expect(await parsed('photo', photo, file(encodedJpeg(200, 300), 'me.jpg', 'image/jpeg'))).toBeInstanceOf(File);
  });

  it('rejects other sizes, width and height swapped too', async () => {
    expect(await failure('photo', photo, file(pngBytes(300, 200), 'me.png', 'image/png'))).toEqual(DIMENSIONS);
    expect(await failure('photo', photo, file(jpegBytes(200, 301), 'me.jpg', 'image/jpeg'))).toEqual(DIMENSIONS);
  });

  it('rejects what is not an image', async () => {
    expect(await failure('photo', photo, file('not a picture', 'me.png', 'image/png'))).toEqual(DIMENSIONS);
  });
});

describe('length', () => {
  const passportNumber = textField([rules.length(9)]);

  it('accepts exactly that many characters', async () => {
    expect(await parsed('passport_number', passportNumber, 'A12345678')).toBe('A12345678');
  });

  it('rejects fewer or more', async () => {
    const LENGTH = only('passport_number', {
      en: 'Enter the Passport number as exactly 9 characters',
      ar: 'أدخل رقم جواز السفر من 9 حرفًا بالضبط',
    });
    expect(await failure('passport_number', passportNumber, 'A1234567')).toEqual(LENGTH);
    expect(await failure('passport_number', passportNumber, 'A123456789')).toEqual(LENGTH);
  });
});

describe('one_of', () => {
  const gender = textField([rules.one_of(['male', 'female'])]);

  it('accepts a listed value', async () => {
    expect(await parsed('gender', gender, 'female')).toBe('female');
  });

  it('rejects any other value', async () => {
    const ONE_OF = only('gender', {
      en: 'Choose male or female',
      ar: 'اختر ذكر أو أنثى',
    });
    expect(await failure('gender', gender, 'other')).toEqual(ONE_OF);
    expect(await failure('gender', gender, 'Female')).toEqual(ONE_OF);
  });
});

describe('not_one_of', () => {
  const relation = textField([rules.not_one_of(['self', 'none'])]);

  it('accepts a value that is not listed', async () => {
    expect(await parsed('relation', relation, 'brother')).toBe('brother');
  });

  it('rejects a listed value', async () => {
    expect(await failure('relation', relation, 'self')).toEqual(
      only('relation', {
        en: 'Choose a different Relation to the applicant',
        ar: 'اختر صلة القرابة بمقدّم الطلب آخر',
      }),
    );
  });
});

describe('is', () => {
  const type = textField([rules.is('hajj')]);

  it('accepts the expected value', async () => {
    expect(await parsed('type', type, 'hajj')).toBe('hajj');
  });

  it('rejects any other value', async () => {
    expect(await failure('type', type, 'umrah')).toEqual(
      only('type', { en: 'Check the Service', ar: 'تحقّق من الخدمة' }),
    );
  });
});

describe('is_not', () => {
  const nationalId = textField([rules.is_not('0000000000')]);

  it('accepts any other value', async () => {
    expect(await parsed('national_id', nationalId, '1023456789')).toBe('1023456789');
  });

  it('rejects the unwanted value', async () => {
    expect(await failure('national_id', nationalId, '0000000000')).toEqual(
      only('national_id', {
        en: 'Choose a different National ID or residence number',
        ar: 'اختر رقم الهوية الوطنية أو الإقامة آخر',
      }),
    );
  });
});

describe('hijri_date_format', () => {
  const dateOfBirth = textField([rules.hijri_date_format()]);
  const HIJRI = only('date_of_birth', {
    en: 'The Date of birth field must be a real Hijri date in the form DD-MM-YYYY',
    ar: 'يجب أن يكون حقل تاريخ الميلاد تاريخًا هجريًا صحيحًا بالصيغة DD-MM-YYYY',
  });

  it('accepts a real Umm al-Qura date as DD-MM-YYYY', async () => {
    expect(await parsed('date_of_birth', dateOfBirth, '01-09-1447')).toBe('01-09-1447');
    expect(await parsed('date_of_birth', dateOfBirth, '30-01-1447')).toBe('30-01-1447');
  });

  it('rejects other forms', async () => {
    expect(await failure('date_of_birth', dateOfBirth, '1-9-1447')).toEqual(HIJRI);
    expect(await failure('date_of_birth', dateOfBirth, '01/09/1447')).toEqual(HIJRI);
    expect(await failure('date_of_birth', dateOfBirth, '1447-09-01')).toEqual(HIJRI);
  });

  it('rejects a day the month does not have (Safar 1447 has 29 days)', async () => {
    expect(await failure('date_of_birth', dateOfBirth, '30-02-1447')).toEqual(HIJRI);
  });
});

// ---- How fields and messages behave ----------------------------------------

describe('textField', () => {
  it('trims values before checking and returns them trimmed', async () => {
    expect(await parsed('name', textField([rules.max(5)]), '  Aisha  ')).toBe('Aisha');
    expect(await parsed('email', textField([rules.email()]), ' aisha@example.com ')).toBe('aisha@example.com');
  });

  it('turns numbers into text', async () => {
    expect(await parsed('companions', textField([rules.integer()]), 3)).toBe('3');
  });

  it('optional: accepts empty, blank, null, undefined and a missing key, as undefined', async () => {
    const phone = textField([rules.regex(/^\+\d{8,15}$/)], { optional: true });
    expect(await parsed('phone', phone, '')).toBeUndefined();
    expect(await parsed('phone', phone, '   ')).toBeUndefined();
    expect(await parsed('phone', phone, null)).toBeUndefined();
    expect(await parsed('phone', phone, undefined)).toBeUndefined();
    const result = await z.object({ phone }).safeParseAsync({});
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBeUndefined();
  });

  it('optional: a value that is given is still checked', async () => {
    const phone = textField([rules.regex(/^\+\d{8,15}$/)], { optional: true });
    expect(await parsed('phone', phone, ' +966501234567 ')).toBe('+966501234567');
    expect(await failure('phone', phone, '0501')).toEqual(
      only('phone', { en: 'Enter a mobile number with its country code, like +966 50 123 4567', ar: 'أدخل رقم الجوال مع رمز الدولة، مثل ⁦+966 50 123 4567⁩' }),
    );
  });

  it('reports only the first rule that fails', async () => {
    const password = textField([rules.min(8), rules.password()]);
    expect(await failure('password', password, '')).toEqual(
      only('password', { en: 'The Password field is required', ar: 'حقل كلمة المرور مطلوب' }),
    );
    expect(await failure('password', password, 'abc')).toEqual(
      only('password', { en: 'The Password must be 8 characters or more', ar: 'يجب ألا يقل طول كلمة المرور عن 8 من الأحرف' }),
    );
    expect(await failure('password', password, 'abcdefgh')).toEqual(
      only('password', {
        en: 'The Password field must contain an uppercase letter, a lowercase letter, a number and a symbol',
        ar: 'يجب أن يحتوي حقل كلمة المرور على حرف إنجليزي كبير (مثل A) وحرف إنجليزي صغير (مثل a) ورقم ورمز (مثل # أو !)',
      }),
    );
  });

  it('reports the first rule in the order given', async () => {
    const password = textField([rules.password(), rules.min(8)]);
    expect((await failure('password', password, 'abc')).en).toEqual({
      password: ['The Password field must contain an uppercase letter, a lowercase letter, a number and a symbol'],
    });
  });
});

describe('fileField', () => {
  it('optional: accepts no file', async () => {
    const photo = fileField([rules.image()], { optional: true });
    expect(await parsed('photo', photo, undefined)).toBeUndefined();
    await parsed('photo', photo, null);
    const result = await z.object({ photo }).safeParseAsync({});
    expect(result.success).toBe(true);
  });

  it('optional: a file that is given is still checked', async () => {
    const photo = fileField([rules.image()], { optional: true });
    expect((await failure('photo', photo, file('text', 'me.png', 'image/png'))).en).toEqual({
      photo: ['The Personal photo must be a photo: a JPG or PNG file'],
    });
  });

  it('reports only the first rule that fails', async () => {
    const photo = fileField([rules.image(), rules.size(1), rules.dimensions(10, 10)]);
    const big = new Uint8Array(2048);
    big.set(pngBytes(20, 20));
    expect((await failure('photo', photo, file(big, 'me.png', 'image/png'))).en).toEqual({
      photo: ['The Personal photo must be smaller than 1 KB'],
    });
  });
});

describe('field labels', () => {
  it('come from Fields in each language', async () => {
    expect(await failure('email', textField([]), '')).toEqual(
      only('email', { en: 'The E-mail address field is required', ar: 'حقل البريد الإلكتروني مطلوب' }),
    );
  });

  it('fall back to the raw field name when Fields has no label', async () => {
    expect(await failure('website', textField([rules.url()]), 'labbaik')).toEqual(
      only('website', {
        en: 'Enter a web address, like https://www.example.com',
        ar: 'أدخل عنوان موقع، مثل https://www.example.com',
      }),
    );
  });

  it('use the last named part of a nested path, and name the companion (in the page\'s digits)', async () => {
    const form = z.object({ companions: z.array(z.object({ name_ar: textField([rules.alpha_spaces()]) })) });
    const result = await form.safeParseAsync({ companions: [{ name_ar: 'عائشة' }, { name_ar: 'Aisha 2' }] });
    expect(localizeIssues(result.error!, t.en, 'en')).toEqual({
      'companions.1.name_ar': ['Companion 2: enter the Name in Arabic using letters and spaces only'],
    });
    expect(localizeIssues(result.error!, t.ar, 'ar')).toEqual({
      'companions.1.name_ar': ['المرافق ٢: أدخل الاسم بالعربية بالحروف والمسافات فقط'],
    });
  });

  it('group every failing field of a form', async () => {
    const form = z.object({ name: textField([]), email: textField([rules.email()]) });
    const result = await form.safeParseAsync({ name: '', email: 'nope' });
    expect(localizeIssues(result.error!, t.en)).toEqual({
      name: ['The Full name field is required'],
      email: ['Enter an e-mail address in the right form, like name@example.com'],
    });
  });
});

describe('ruleMessage', () => {
  it('says the field is not valid for an issue that is not a rule code', () => {
    expect(ruleMessage('Invalid input', ['email'], t.en)).toBe('Check the E-mail address and enter it again');
    expect(ruleMessage('Invalid input', ['email'], t.ar)).toBe('تحقّق من البريد الإلكتروني وأدخله من جديد');
  });
});

describe('messages', () => {
  it('every rule has a message in both languages', () => {
    for (const name of Object.keys(rules)) {
      expect(t.en.has(`Validation.${name}`), `en Validation.${name}`).toBe(true);
      expect(t.ar.has(`Validation.${name}`), `ar Validation.${name}`).toBe(true);
    }
  });

  it('the English and Arabic messages use the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const enValidation = en.Validation as Record<string, string>;
    const arValidation = ar.Validation as Record<string, string>;
    expect(Object.keys(arValidation).sort()).toEqual(Object.keys(enValidation).sort());
    for (const [key, text] of Object.entries(enValidation)) {
      expect(placeholders(arValidation[key]!), key).toEqual(placeholders(text));
    }
  });
});
