import { expect, test } from '@playwright/test';
import net from 'node:net';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { IN_ENGLISH, addSessionCookie, heading } from './helpers';

const TEXT = {
  en: { title: 'Page Not Found', prefix: 'Page Not Found: ', nav: en.Header.mainNav },
  ar: { title: 'الصفحة غير موجودة', prefix: 'الصفحة غير موجودة: ', nav: ar.Header.mainNav },
} as const;

// The not-found page in the default layout, saying the full path: one page walks the four addresses (a browser
// context each cost more than the page), signed out, then with a session cookie for the profile's two.
for (const locale of IN_ENGLISH) {
  const text = TEXT[locale];

  test(`addresses that find nothing are 404s inside the default layout, saying 'Page Not Found: {full path}' (${locale})`, async ({ page, context }) => {
    await test.step('an address that matches nothing', async () => {
      const response = await page.goto(`/${locale}/no/such/page`);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText(text.title);
      await expect(page.getByTestId('error-message')).toContainText(`/${locale}/no/such/page`);
      await expect(page.getByRole('navigation', { name: text.nav })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });

    await test.step('an unknown static slug', async () => {
      const response = await page.goto(`/${locale}/static/refund-policy`);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText(text.title);
      await expect(page.getByTestId('error-message')).toHaveText(`${text.prefix}/${locale}/static/refund-policy`);
    });

    await test.step('a malformed request id', async () => {
      await addSessionCookie(context);
      const response = await page.goto(`/${locale}/profile/requests/details/not-a-request`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(`${text.prefix}/${locale}/profile/requests/details/not-a-request`);
    });

    await test.step('a malformed draft id keeps the query in the full path', async () => {
      // Set again: the page before found no session behind the made-up cookie and cleared it (session-heal.spec.ts).
      await addSessionCookie(context);
      const response = await page.goto(`/${locale}/profile/requests/drafts/complete?id=42`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(`${text.prefix}/${locale}/profile/requests/drafts/complete?id=42`);
    });
  });
}

// A path that cannot be percent-decoded: Next.js alone answered it with a bare 500
// on every route with an id or slug (issue 22). Sent over a socket, as written
// (a browser or fetch would re-encode it).
test('a path with a malformed percent-encoding is a 400, in the error shape on the API', async ({ baseURL }) => {
  const { port } = new URL(baseURL!);
  const send = (target: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n')[1] ?? '' }));
      socket.on('error', reject);
    });
  for (const target of ['/api/v1/requests/%E0%A4%A', '/api/v1/pages/%E0%A4%A', '/api/v1/documents/%E0%A4%A', '/api/v1/payments/%E0%A4%A/receipt']) {
    const answer = await send(target);
    expect(answer.status, target).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'bad_request', message: en.ApiErrors.bad_request } });
  }
  expect((await send('/en/static/%E0%A4%A')).status).toBe(400);
});

// Headers past Node's limit (16 KB; a browser with too many cookies sends them):
// Node alone answered a bare status line with no body (issue 22).
test('headers too large are a 431 in the error shape, and the server answers on', async ({ baseURL, request }) => {
  const { port } = new URL(baseURL!);
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET /api/v1/me HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ar\r\nCookie: session=${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n')[1] ?? '' }));
    socket.on('error', reject);
  });
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body)).toEqual({ error: { code: 'header_too_large', message: ar.ApiErrors.header_too_large } });
  expect((await request.get('/api/health')).status()).toBe(200);
});

// A method no route takes: Next.js answered TRACE with a 500 on every route, Node a bare
// 400 to TRACK and a closed connection to CONNECT (issue 58, item 4). Sent over a socket:
// fetch refuses TRACE and CONNECT.
test('a method no route takes is a 405 with Allow, on the API and the pages, in the reader’s language', async ({ baseURL, request }) => {
  const { port } = new URL(baseURL!);
  const send = (method: string, target: string, language: string) =>
    new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ${language}\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), head: (text.split('\r\n\r\n')[0] ?? '').toLowerCase(), body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
      socket.on('error', reject);
    });
  for (const method of ['TRACE', 'TRACK', 'PROPFIND', 'PURGE', 'CONNECT']) {
    for (const target of ['/api/health', '/api/v1/me', '/en', '/ar/auth/login', '/']) {
      const answer = await send(method, target, target.startsWith('/ar') ? 'ar' : 'en');
      expect(answer.status, `${method} ${target}`).toBe(405);
      expect(answer.head, `${method} ${target}`).toContain('\r\nallow: get, head, post, put, patch, delete, options');
      if (target.startsWith('/api/')) expect(JSON.parse(answer.body)).toEqual({ error: { code: 'method_not_allowed', message: en.ApiErrors.method_not_allowed } });
      else expect(answer.body).toContain(target.startsWith('/ar') ? ar.ApiErrors.method_not_allowed : en.ApiErrors.method_not_allowed);
    }
  }
  expect((await request.get('/api/health')).status()).toBe(200);
});

// An address no route claims was a thrown 404: Next.js sent an empty shell (`<html id="__next_error__">`, no lang,
// no dir, an empty body) that only the browser's JavaScript filled (issue 58, item 6). Read here without a browser.
for (const [locale, target] of [['en', '/en/no-such-page'], ['ar', '/ar/x/y']] as const) {
  test(`an address no route claims is drawn by the server: 404, lang, dir, title and message in its HTML (${locale})`, async ({ request }) => {
    const messages = locale === 'en' ? en : ar;
    const response = await request.get(target);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).not.toContain('__next_error__');
    expect(html).toMatch(locale === 'en' ? /<html lang="en-US" dir="ltr"/ : /<html lang="ar-EG" dir="rtl"/);
    expect(html).toContain(`<title>${messages.Metadata.titleTemplate.replace('%s', messages.Errors.notFound.title)}</title>`);
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain(messages.Errors.notFound.title);
    expect(text).toContain(messages.Errors.notFound.message.replace('<ltr>{path}</ltr>', target));
    expect(response.headers()['cache-control']).toContain('no-store');
  });
}
