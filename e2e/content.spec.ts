import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { IN_ENGLISH, heading, localesIn, staticPageTitle } from './helpers';
import { signUp } from './session';

// What each language shows: the seeded catalogue (drizzle/0002), formatted as the request screens do.
const SEEN = {
  en: {
    services: [
      { name: 'Hajj', fee: 'SAR 15,000.00', opens: ['Jumada II 1, 1448 AH', 'November 11, 2026'], closes: ['Shawwal 29, 1448 AH', 'April 6, 2027'] },
      { name: 'Umrah', fee: 'SAR 2,500.00', opens: ['Dhuʻl-Hijjah 15, 1447 AH', 'June 1, 2026'], closes: null },
    ],
    steps: ['How it works', 'Create your account', 'Fill in the application', 'Pay the fee', 'Follow your request'],
    teaser: 'How long must my passport be valid?',
    start: 'Start your application',
    continueDraft: 'Continue your draft',
    search: { label: 'Search the questions', word: 'passport', count: '4 questions match “passport”.', none: 'No questions match “zzzq”' },
    deepLink: { id: 'payment-deadline', question: 'How long do I have to pay?', answer: '72 hours from submitting the request.' },
    pages: { about: 'helped families from around the world', terms: 'must be paid within', privacy: 'We use two cookies', contact: 'Sunday to Thursday' },
  },
  ar: {
    services: [
      { name: 'الحج', fee: '١٥٬٠٠٠٫٠٠ ريال سعودي', opens: ['١ جمادى الآخرة ١٤٤٨ هـ', '١١ نوفمبر ٢٠٢٦'], closes: ['٢٩ شوال ١٤٤٨ هـ', '٦ أبريل ٢٠٢٧'] },
      { name: 'العمرة', fee: '٢٬٥٠٠٫٠٠ ريال سعودي', opens: ['١٥ ذي الحجة ١٤٤٧ هـ', '١ يونيو ٢٠٢٦'], closes: null },
    ],
    steps: ['كيف تعمل الخدمة', 'أنشئ حسابك', 'املأ الطلب', 'ادفع الرسوم', 'تابع طلبك'],
    teaser: 'ما المدة التي يجب أن يبقى فيها جواز سفري ساريًا؟',
    start: 'ابدأ طلبك',
    continueDraft: 'أكمل مسودتك',
    search: { label: 'ابحث في الأسئلة', word: 'جواز', count: '٤ أسئلة تطابق «جواز».', none: 'لا توجد أسئلة تطابق «zzzq»' },
    deepLink: { id: 'payment-deadline', question: 'ما المهلة المتاحة لي للدفع؟', answer: '٧٢ ساعة من إرسال الطلب' },
    pages: { about: 'مكتب حج وعمرة مرخّص', terms: 'خلال ٧٢ ساعة', privacy: 'نستخدم ملفَّي تعريف ارتباط', contact: 'من الأحد إلى الخميس' },
  },
} as const;

const PUBLIC_PATHS = ['', '/faqs', '/static/about', '/static/terms', '/static/privacy', '/static/contact', '/auth/login', '/auth/register'];

for (const { locale } of localesIn(IN_ENGLISH)) {
  const seen = SEEN[locale];

  test.describe(`content pages (${locale})`, () => {
    test('home: the services with fee and season dates, the steps, the FAQ teaser and the call to action', async ({ page }) => {
      await page.goto(`/${locale}`);
      const services = page.getByRole('region', { name: locale === 'en' ? 'Our services' : 'خدماتنا' });
      for (const service of seen.services) {
        const card = services.getByRole('listitem').filter({ has: page.getByRole('heading', { name: service.name, exact: true }) });
        await expect(card).toContainText(service.fee);
        for (const text of service.opens) await expect(card).toContainText(text);
        for (const text of service.closes ?? []) await expect(card).toContainText(text);
      }
      const steps = page.getByRole('region', { name: seen.steps[0] });
      for (const title of seen.steps.slice(1)) await expect(steps.getByRole('heading', { name: title })).toBeVisible();

      // Registering from here leads on into the form (issue 63, item 3; e2e/signed-out-mid-form.spec.ts walks it).
      await expect(page.getByRole('link', { name: seen.start }).first()).toHaveAttribute('href', `/${locale}/auth/register?next=${encodeURIComponent(`/${locale}/profile/requests/create`)}`);

      await page.getByRole('link', { name: seen.teaser }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/faqs#passport-validity`);
      await expect(page.getByRole('button', { name: seen.teaser })).toHaveAttribute('aria-expanded', 'true');
    });

    test('home: a signed-in user with a draft is offered to continue it', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const created = await context.request.post('/api/v1/requests', { data: { type: 'umrah' }, headers: { authorization: `Bearer ${token}` } });
      const draftId = (await created.json()).data.id as string;
      await page.goto(`/${locale}`);
      await expect(page.getByRole('link', { name: seen.continueDraft }).first()).toHaveAttribute('href', `/${locale}/profile/requests/drafts/complete?id=${draftId}`);
    });

    test('FAQs: the search filters as you type, counts politely and says when nothing matches', async ({ page }) => {
      await page.goto(`/${locale}/faqs`);
      const questions = page.locator('button[slot="trigger"]');
      const all = await questions.count();
      expect(all).toBeGreaterThanOrEqual(12);

      const search = page.getByRole('searchbox', { name: seen.search.label });
      await search.pressSequentially(seen.search.word);
      await expect(page.getByRole('status').filter({ hasText: seen.search.word })).toHaveText(seen.search.count);
      const shown = await questions.count();
      expect(shown).toBeLessThan(all);
      expect(shown).toBeGreaterThan(0);

      await search.fill('zzzq');
      await expect(page.getByRole('status').filter({ hasText: 'zzzq' })).toHaveText(seen.search.none);
      await expect(questions).toHaveCount(0);

      await search.fill('');
      await expect(questions).toHaveCount(all);
    });

    test('FAQs: a deep link opens its question and scrolls to it', async ({ page }) => {
      await page.goto(`/${locale}/faqs#${seen.deepLink.id}`);
      const trigger = page.getByRole('button', { name: seen.deepLink.question });
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(seen.deepLink.answer)).toBeVisible();
      await expect(trigger).toBeInViewport();
      // Every question carries its own link.
      await expect(page.locator(`#${seen.deepLink.id} a[href="#${seen.deepLink.id}"]`)).toBeVisible();
    });

    test('static pages: title and body from content/', async ({ page }) => {
      for (const slug of ['about', 'terms', 'privacy', 'contact'] as const) {
        await test.step(slug, async () => {
          const response = await page.goto(`/${locale}/static/${slug}`);
          expect(response?.status()).toBe(200);
          await expect(heading(page)).toHaveText(staticPageTitle(locale, slug));
          await expect(page.getByRole('article')).toContainText(seen.pages[slug]);
          await expect(page).toHaveTitle(new RegExp(`^${staticPageTitle(locale, slug)} · `));
        });
      }
    });

    test('every public page names its canonical URL and its language versions', async ({ page }) => {
      for (const path of PUBLIC_PATHS) {
        await page.goto(`/${locale}${path}`);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/${locale}${path}`);
        await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${BASE_URL}/en${path}`);
        await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute('href', `${BASE_URL}/ar${path}`);
        // The unprefixed path, which negotiates the language; Next writes the site's root without its slash.
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', path ? `${BASE_URL}${path}` : new RegExp(`^${BASE_URL}/?$`));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      }
    });
  });
}

test('sitemap.xml lists every public page in both languages, with alternates', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml.match(/<url>/g)).toHaveLength(PUBLIC_PATHS.length * 2);
  for (const path of PUBLIC_PATHS) {
    for (const locale of ['en', 'ar']) expect(xml).toContain(`<loc>${BASE_URL}/${locale}${path}</loc>`);
  }
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${BASE_URL}/ar/static/privacy" />`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE_URL}/faqs" />`);
  expect(xml).not.toContain('/profile');
});

test('robots.txt keeps crawlers out of the API, the profile area and the test gateway, and points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  for (const path of ['/api/', '/profile', '/en/profile', '/ar/profile', '/test-gateway/']) expect(text).toContain(`Disallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
});
