import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { IN_ARABIC, addSessionCookie, heading, localesIn, staticPageTitle } from './helpers';

const REQUEST_ID = '3f0c9a7e-8d1b-4c2a-9e5f-1a2b3c4d5e6f';
type Messages = typeof en;
type Layout = 'default' | 'auth' | 'form';

// Every route of DESIGN section 4, the layout it belongs to and the title it shows.
const ROUTES: { path: string; layout: Layout; signedIn: boolean; title: (m: Messages, locale: string) => string }[] = [
  { path: '', layout: 'default', signedIn: false, title: (m) => m.Home.title },
  { path: '/faqs', layout: 'default', signedIn: false, title: (m) => m.Faqs.title },
  { path: '/static/about', layout: 'default', signedIn: false, title: (_, locale) => staticPageTitle(locale, 'about') },
  { path: '/static/terms', layout: 'default', signedIn: false, title: (_, locale) => staticPageTitle(locale, 'terms') },
  { path: '/static/privacy', layout: 'default', signedIn: false, title: (_, locale) => staticPageTitle(locale, 'privacy') },
  { path: '/static/contact', layout: 'default', signedIn: false, title: (_, locale) => staticPageTitle(locale, 'contact') },
  { path: '/auth/login', layout: 'auth', signedIn: false, title: (m) => m.Auth.login.title },
  { path: '/auth/register', layout: 'auth', signedIn: false, title: (m) => m.Auth.register.title },
  { path: '/profile', layout: 'default', signedIn: true, title: (m) => m.Titles.profile },
  { path: '/profile/edit', layout: 'default', signedIn: true, title: (m) => m.Titles.profileEdit },
  { path: '/profile/requests', layout: 'default', signedIn: true, title: (m) => m.Titles.requests },
  { path: '/profile/requests/create', layout: 'form', signedIn: true, title: (m) => m.Titles.create },
  { path: `/profile/requests/edit?id=${REQUEST_ID}`, layout: 'form', signedIn: true, title: (m) => m.Titles.edit },
  { path: `/profile/requests/details/${REQUEST_ID}`, layout: 'default', signedIn: true, title: (m) => m.Titles.requestDetails },
  { path: '/profile/requests/drafts', layout: 'default', signedIn: true, title: (m) => m.Titles.drafts },
  { path: `/profile/requests/drafts/complete?id=${REQUEST_ID}`, layout: 'form', signedIn: true, title: (m) => m.Titles.complete },
  { path: '/check-payment', layout: 'default', signedIn: false, title: (m) => m.Titles.checkPayment },
  { path: '/notifications', layout: 'default', signedIn: true, title: (m) => m.Titles.notifications },
];

// One walk, in Arabic (issue 60, item 8: phone-size.spec.ts walks every route in both languages at two widths), each route a step of it (a new browser context for each route cost more than the route:
// docs/TESTING.md). The signed-out routes first, then the signed-in ones with the session cookie.
for (const { locale } of localesIn(IN_ARABIC)) {
  const messages = locale === 'en' ? en : (ar as Messages);
  test(`every route renders in ${locale}`, async ({ page, context }) => {
    for (const route of [...ROUTES.filter((r) => !r.signedIn), ...ROUTES.filter((r) => r.signedIn)]) {
      await test.step(`/${locale}${route.path}`, async () => {
        if (route.signedIn) await addSessionCookie(context);
        const response = await page.goto(`/${locale}${route.path}`);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(new RegExp(`/${locale}${route.path.replace(/[?]/g, '\\?')}$`));
        await expect(heading(page)).toHaveText(route.title(messages, locale));

        const mainNav = page.getByRole('navigation', { name: messages.Header.mainNav });
        const saveAndExit = page.getByRole('link', { name: messages.FormLayout.saveAndExit });
        const switchLink = page.getByRole('link', { name: locale === 'en' ? 'العربية' : 'English' });
        await expect(switchLink).toBeVisible();
        if (route.layout === 'default') {
          await expect(mainNav).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
        } else {
          await expect(mainNav).toHaveCount(0);
          await expect(saveAndExit).toHaveCount(route.layout === 'form' ? 1 : 0);
        }
        // The profile area shows its signed-out state until accounts sign in.
        if (route.signedIn) await expect(page.getByRole('heading', { name: messages.SignedOut.title })).toBeVisible();
      });
    }
  });
}
