import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// One name for one answer (issue 63, item 8): the console names a field the office may flag as the form names it
// (the Latin-letters name was «الاسم بالأحرف اللاتينية» in the form and «الاسم بالإنجليزية» in the console).
describe('the names of the answers', () => {
  for (const [locale, messages] of [['en', en], ['ar', ar]] as const) {
    it(`are the form's in the console's list of what may be flagged, and in the export (${locale})`, () => {
      const fields = messages.Fields as Record<string, unknown>;
      const flaggable = messages.Office.request.flaggable as Record<string, string>;
      const differing = Object.entries(flaggable).filter(([field, name]) => typeof fields[field] === 'string' && fields[field] !== name);
      expect(differing).toEqual([]);
      expect(messages.Office.export.columns.applicant_name_latin).toContain(locale === 'en' ? 'Latin letters' : 'بالأحرف اللاتينية');
    });
  }
});
