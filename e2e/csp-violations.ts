import { createHash } from 'node:crypto';
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


/** A prerendered page's scripts: none carries a nonce, and every inline one is named by its SHA-256 in the CSP (never 'unsafe-inline'). */
export function expectScriptsByHash(csp: string, html: string, label = '') {
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, label).not.toContain('unsafe-inline');
  expect(scriptSrc, label).not.toContain('nonce-');
  expect(scriptSrc, label).not.toContain('unsafe-eval');
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\bsrc=/.test(attributes!));
  expect(inline.length, label).toBeGreaterThan(0);
  for (const [tag, attributes, body] of inline) {
    expect(attributes, tag.slice(0, 80)).not.toContain('nonce');
    expect(scriptSrc, tag.slice(0, 80)).toContain(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
}
