import { describe, expect, it } from 'vitest';
import { composeAccountMail } from './content';
import { renderMail } from './render';

// The e-mails count in the reader's digits, as the pages do (docs/DIGITS.md): the code to type included.
describe('the verification e-mail’s code', () => {
  it.each([
    ['ar', '١٢٣٤٥٦'],
    ['en', '123456'],
  ] as const)('is written in the reader’s digits (%s)', async (locale, shown) => {
    const { content } = composeAccountMail('verify_email', locale, { code: '123456', token: 't'.repeat(43), name: 'Aisha' });
    expect(content.code?.value).toBe(shown);
    const { text, html } = await renderMail(content);
    expect(text).toContain(shown);
    expect(html).toContain(shown);
    if (locale === 'ar') expect(text).not.toContain('123456');
  });
});
