import { describe, expect, it } from 'vitest';
import { filterFaqs, foldForSearch, type SearchableFaqGroup } from './faq-search';

const item = (id: string, question: string, text: string) => ({ id, question, text, answer_html: `<p>${text}</p>` });
const GROUPS: SearchableFaqGroup[] = [
  { id: 'documents', title: 'Documents', items: [item('passport', 'How long must my passport be valid?', 'Six months after travel.'), item('files', 'Which files?', 'PDF, JPEG or PNG.')] },
  { id: 'refunds', title: 'الاسترداد', items: [item('refund', 'متى تُسترد الرسوم؟', 'إذا ألغى المكتب طلبًا دفعت رسومه.')] },
];
const ids = (groups: SearchableFaqGroup[]) => groups.flatMap((group) => group.items.map((i) => i.id));

describe('foldForSearch', () => {
  it('ignores case, accents and Arabic diacritics and letter forms', () => {
    expect(foldForSearch('  Café  PDF ')).toBe('cafe pdf');
    expect(foldForSearch('تُسترد')).toBe('تسترد');
    expect(foldForSearch('أإآ ى ة')).toBe('ااا ي ه');
  });

  it('reads Arabic-Indic digits as Western ones, so "72" finds "٧٢ ساعة"', () => {
    expect(foldForSearch('٧٢ ساعة')).toBe('72 ساعه');
    expect(foldForSearch('۷۲')).toBe('72');
  });
});

describe('filterFaqs', () => {
  it('keeps everything for an empty query', () => {
    expect(filterFaqs(GROUPS, '  ')).toBe(GROUPS);
  });

  it('matches the question or the answer, every word, in any case', () => {
    expect(ids(filterFaqs(GROUPS, 'PASSPORT'))).toEqual(['passport']);
    expect(ids(filterFaqs(GROUPS, 'png pdf'))).toEqual(['files']);
    expect(ids(filterFaqs(GROUPS, 'pdf visa'))).toEqual([]);
  });

  it('finds Arabic typed without diacritics or with a bare alef', () => {
    expect(ids(filterFaqs(GROUPS, 'تسترد'))).toEqual(['refund']);
    expect(ids(filterFaqs(GROUPS, 'الغى'))).toEqual(['refund']);
  });

  it("matches a group's title, finding all its questions", () => {
    expect(ids(filterFaqs(GROUPS, 'استرداد'))).toEqual(['refund']);
    expect(ids(filterFaqs(GROUPS, 'documents'))).toEqual(['passport', 'files']);
  });

  it('drops groups left without questions', () => {
    expect(filterFaqs(GROUPS, 'refund').length).toBe(0);
    expect(filterFaqs(GROUPS, 'files').map((group) => group.id)).toEqual(['documents']);
  });
});
