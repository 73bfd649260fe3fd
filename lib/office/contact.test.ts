import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFICE_CONTACT } from './contact';

describe('the office contact', () => {
  it.each(['en', 'ar'])('is the one the contact page gives (%s)', (locale) => {
    const page = readFileSync(path.join(process.cwd(), 'content', locale, 'pages', 'contact.md'), 'utf8');
    expect(page).toContain(`(tel:${OFFICE_CONTACT.tel})`);
    expect(page).toContain(OFFICE_CONTACT.phone);
    expect(page).toContain(`(mailto:${OFFICE_CONTACT.email})`);
  });
});
