import fc from 'fast-check';
import { jpegFile, pdfFile, pngFile } from '@/test/files';

// What the fuzz does to a body generated from its schema (issue 22): leaves it
// whole, or breaks it as a careless or hostile client would. Every case comes
// with its wire form: the content type and the text (or form) sent.

export type Wire = { type: string; body: string | FormData; broken: string };

/** Written into every generated text: the logs must never show it (answers are personal data). */
export const CANARY = 'canary-7f3a9c';

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

export const HOSTILE_TEXT = [
  `a\u0000b ${CANARY}`,
  '\u0000',
  '\ud800',
  `\udfff${CANARY}`,
  'a\u0001b',
  '\u001b[31mred',
  'next\u0085line',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '\u202e\u200fعائشة\u200e',
  '٠٥٠١٢٣٤٥٦٧',
  '99999999999999999999',
  '1e400',
  'NaN',
  '-0',
  '%E0%A4%A',
  '../../etc/passwd',
  '',
  ' ',
];

/** What a text column or jsonb may refuse, or a log may be tricked by. */
const CONTROL = ['\u0000', '\ud800', '\udfff', '\ud83d', '\u0001', '\u001b[0m', '\u007f', '\r\n'];

/** Numbers past every integer column and past what a double holds exactly. */
export const OUT_OF_RANGE = [1e308, -1e308, 1e21, Number.MAX_SAFE_INTEGER + 2, 2147483648, -2147483649, 5e-324, -0, 0.5];

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  fc.constantFrom(...OUT_OF_RANGE),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** A JSON text written by hand, so that keys like __proto__ really are in it. */
function jsonText(entries: [string, unknown][]) {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
}

function entriesOf(value: unknown): [string, unknown][] {
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
}

/** A key of the body (or a fresh one when it has none), picked by index. */
function pick(entries: [string, unknown][], index: number) {
  return entries.length ? entries[index % entries.length]![0] : 'field';
}

/** Every place in a JSON value (object members and array items, at any depth), as parent and key. */
function places(value: unknown, at = ''): { parent: Record<string, unknown>; key: string; at: string }[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [{ parent: value as Record<string, unknown>, key, at: `${at}/${key}` }, ...places(inner, `${at}/${key}`)]);
}

/** Replaces the value at one place (picked by index) and answers where; the root when there is no place. */
function replaceSomewhere(value: unknown, index: number, replacement: unknown) {
  const all = places(value);
  if (!all.length) return '(none)';
  const place = all[index % all.length]!;
  place.parent[place.key] = replacement;
  return place.at;
}

const json = (body: string, broken: string): Wire => ({ type: 'application/json', body, broken });

/**
 * Bodies for an operation: the generated body as it is (JSON or url-encoded),
 * or broken one way.
 */
export function wireBodies(valid: fc.Arbitrary<unknown>, required: string[], types: string[]): fc.Arbitrary<Wire> {
  const index = fc.nat();
  const whole = valid.map((value) => json(JSON.stringify(value) ?? 'null', 'none'));
  const cases: fc.WeightedArbitrary<Wire>[] = [
    { weight: 4, arbitrary: whole },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, index, wrongValue).map(([value, i, wrong]) => {
        const entries = entriesOf(value);
        const key = pick(entries, i);
        return json(jsonText([...entries.filter(([k]) => k !== key), [key, wrong]]), `wrong type or value in ${key}`);
      }),
    },
    {
      // A control character, NUL or lone surrogate inside one text of the body, at any depth (jsonb refuses some).
      weight: 5,
      arbitrary: fc.tuple(valid, index, fc.constantFrom(...CONTROL)).map(([value, i, control]) => {
        const copy = structuredClone(value);
        const texts = places(copy).filter((p) => typeof p.parent[p.key] === 'string');
        if (!texts.length) return json(jsonText([...entriesOf(copy), ['text', control]]), 'control character in an extra field');
        const place = texts[i % texts.length]!;
        place.parent[place.key] = `${place.parent[place.key] as string}${control}${CANARY}`;
        return json(JSON.stringify(copy), `control character at ${place.at}`);
      }),
    },
    {
      // Inside the body: an answer inside `data`, a key inside a subscription.
      weight: 3,
      arbitrary: fc.tuple(valid, index, wrongValue).map(([value, i, wrong]) => {
        const copy = structuredClone(value);
        const place = replaceSomewhere(copy, i, wrong);
        return json(JSON.stringify(copy) ?? 'null', `wrong value at ${place}`);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, index).map(([value, i]) => {
        const key = required.length ? required[i % required.length]! : pick(entriesOf(value), i);
        return json(jsonText(entriesOf(value).filter(([k]) => k !== key)), `missing ${key}`);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 12 })), wrongValue).map(([value, key, extra]) =>
        json(jsonText([...entriesOf(value), [key, extra]]), `extra field ${JSON.stringify(key)}`),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, index, fc.constantFrom(1000, 5000)).map(([value, i, depth]) => {
        const entries = entriesOf(value);
        const key = pick(entries, i);
        const deep = `${'['.repeat(depth)}"${CANARY}"${']'.repeat(depth)}`;
        const rest = entries.filter(([k]) => k !== key).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`);
        return json(`{${[...rest, `${JSON.stringify(key)}:${deep}`].join(',')}}`, `nesting ${depth} deep in ${key}`);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, index).map(([value, i]) => {
        const entries = entriesOf(value);
        const key = pick(entries, i);
        return json(jsonText([...entries.filter(([k]) => k !== key), [key, CANARY + 'x'.repeat(100 * 1024)]]), `100 KB string in ${key}`);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat({ max: 200 }), fc.constantFrom('', '}', ',', '"', '\\')).map(([value, cut, tail]) => {
        const text = JSON.stringify(value) ?? '';
        return json(text.slice(0, Math.min(cut, Math.max(0, text.length - 1))) + tail, 'malformed JSON');
      }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 2 }).filter((v) => !(v && typeof v === 'object' && !Array.isArray(v))), fc.constant([])).map((value) => json(JSON.stringify(value) ?? 'null', 'not an object')),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom('text/plain', 'application/xml', 'text/csv', 'application/octet-stream', 'application/json-patch', 'multipart/mixed; boundary=x')).map(([value, type]) => ({
        type,
        body: JSON.stringify(value) ?? 'null',
        broken: `content type ${type}`,
      })),
    },
  ];
  if (types.includes('application/x-www-form-urlencoded')) {
    cases.push({
      weight: 1,
      arbitrary: valid.map((value) => ({
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(entriesOf(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString(),
        broken: 'url-encoded',
      })),
    });
  }
  if (types.includes('multipart/form-data')) {
    cases.push({ weight: 4, arbitrary: multipart(valid) });
  }
  return fc.oneof(...cases);
}

/** A multipart form: the generated fields, and a file of random bytes or a real-looking header with a lying type. */
function multipart(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Wire> {
  const file = fc.tuple(
    fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), fc.constant(new TextEncoder().encode('%PDF-1.7\n' + CANARY))),
    fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', ''),
    fc.constantFrom('scan.png', 'passport.pdf', '../../x.jpg', `${CANARY}.exe`, ''),
  );
  // Real images and a real PDF too, so that some uploads are stored.
  const real = fc.constantFrom(pngFile(), jpegFile(), pdfFile());
  const picked = fc.oneof({ weight: 2, arbitrary: real }, { weight: 2, arbitrary: file.map(([bytes, type, name]) => new File([bytes as BlobPart], name, { type })) }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc.tuple(valid, picked).map(([value, upload]) => {
    const form = new FormData();
    for (const [k, v] of entriesOf(value)) if (k !== 'file') form.append(k, typeof v === 'string' ? v : JSON.stringify(v) ?? '');
    if (upload) form.append('file', upload);
    return { type: '', body: form, broken: upload ? `multipart with ${upload.type || 'an untyped file'}` : 'multipart without a file' };
  });
}
