import { expect, type Page } from '@playwright/test';

type Violation = { directive: string; blocked: string; sample: string };

/** Records CSP violations (the DOM event) and the console's "Refused to …" errors. */
export async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const store = window as unknown as { cspViolations: Violation[] };
    store.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      store.cspViolations.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to|Permissions-Policy/i.test(text)) console.push(text);
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
    expect(events, 'CSP violation events').toEqual([]);
    expect(console, 'CSP or Permissions-Policy errors in the console').toEqual([]);
  };
}

