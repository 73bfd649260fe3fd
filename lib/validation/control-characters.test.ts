import { describe, expect, it } from 'vitest';
import { findJsonProblem, hasControlCharacters, MAX_JSON_DEPTH } from './control-characters';
import { checkText } from './rule-checks';
import { textField } from './rules';

describe('hasControlCharacters', () => {
  it('finds C0 controls (but tab and line breaks), DEL and C1 controls', () => {
    const refused = [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f];
    for (const code of refused) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(true);
  });

  it('finds a lone surrogate (no UTF-8 form; jsonb refuses it), never a whole pair', () => {
    for (const text of ['\ud800', 'a\udfffb', '\ud83d', 'x\ude00']) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    expect(hasControlCharacters('\ud83d\ude00 عائشة')).toBe(false);
  });

  it('keeps tab, line breaks and the format characters Arabic needs', () => {
    // LRM, RLM, ALM, ZWNJ, ZWJ, embeddings and overrides, isolates, tatweel, BOM-free text, emoji with ZWJ.
    const kept = ['\t', '\n', '\r\n', '\u200e', '\u200f', '\u061c', '\u200c', '\u200d', '\u202a\u202b\u202c\u202d\u202e', '\u2066\u2067\u2068\u2069', 'رحمـــن', 'عائشة', '👩‍👩‍👧', '\u00a0', 'é'];
    for (const text of kept) expect(hasControlCharacters(`a${text}b`), JSON.stringify(text)).toBe(false);
  });
});

describe('findJsonProblem', () => {
  it('points at the first string or key with a control character, at any depth', () => {
    expect(findJsonProblem({ applicant: { name: 'Aisha' }, companions: [{ name: 'a\u0000' }] })).toEqual({ path: ['companions', 0, 'name'], problem: 'control_characters' });
    expect(findJsonProblem({ a: { ['b\u0001']: 1 } })).toEqual({ path: ['a'], problem: 'control_characters' });
    expect(findJsonProblem('\u007f')).toEqual({ path: [], problem: 'control_characters' });
    expect(findJsonProblem({ a: ['ok', 1, null, true, { b: 'fine\n' }] })).toBeNull();
  });

  it('refuses nesting past MAX_JSON_DEPTH without recursing (30,000 levels)', () => {
    let deep: unknown = [];
    for (let i = 0; i < 30_000; i += 1) deep = [deep];
    expect(findJsonProblem(deep)).toMatchObject({ problem: 'too_deep' });
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH; i += 1) ok = { a: ok };
    expect(findJsonProblem(ok)).toBeNull();
  });
});

describe('the shared text rules', () => {
  it('refuse a control character before any other rule, optional fields included', async () => {
    expect((await checkText('Aisha\u0000', [])).error).toBe('rule:["control_characters"]');
    expect((await checkText('\u0000', [], { optional: true })).error).toBe('rule:["control_characters"]');
    expect((await checkText('Aisha\tRahman', [])).error).toBeNull();
    const result = await textField([]).safeParseAsync('a\u001bb');
    expect(result.error?.issues[0]?.message).toBe('rule:["control_characters"]');
  });
});
