import { z } from '@/lib/validation/z';

// The FAQs and the static pages, in the reader's language.

export const faqGroup = z.object({
  id: z.string(),
  title: z.string(),
  items: z.array(z.object({ id: z.string(), question: z.string(), answer_html: z.string().describe('Sanitised HTML') })),
});
export type FaqGroup = z.infer<typeof faqGroup>;

export const staticPage = z.object({
  slug: z.enum(['about', 'terms', 'privacy', 'contact']),
  title: z.string(),
  description: z.string(),
  html: z.string().describe('Sanitised HTML'),
  locale: z.enum(['en', 'ar']),
});
export type StaticPage = z.infer<typeof staticPage>;
