import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { IN_ARABIC } from './helpers';

// WCAG 2.2, 2.4.11 and 2.4.13: every element reached with Tab changes, when
// focused, an area at least as large as a 2 CSS px line around it, by at least
// 3:1 contrast between its focused and unfocused colours, on whatever is behind
// it (the green hero, filled buttons, white cards). Measured from screenshots
// of each element focused and not.

const MARGIN = 10;

function luminance(red: number, green: number, blue: number): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** Pixels whose colour differs by 3:1 or more between the two pictures. */
function contrastingPixels(focused: Buffer, unfocused: Buffer): number {
  const a = PNG.sync.read(focused);
  const b = PNG.sync.read(unfocused);
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const one = luminance(a.data[i]!, a.data[i + 1]!, a.data[i + 2]!);
    const two = luminance(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!);
    if ((Math.max(one, two) + 0.05) / (Math.min(one, two) + 0.05) >= 3) count++;
  }
  return count;
}

/** Tabs through the page's first `stops` focus stops and lists those whose focus cannot be seen. */
async function unseenFocus(page: Page, stops: number): Promise<string[]> {
  // Final states only: no transition may blur the comparison.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const unseen: string[] = [];
  const viewport = page.viewportSize()!;
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press('Tab');
    const element = (await page.evaluateHandle(() => (document.activeElement === document.body ? null : document.activeElement))).asElement();
    if (!element) continue;
    const box = await element.evaluate((node) => {
      const rect = node.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, name: `${node.tagName.toLowerCase()} "${(node.textContent || node.getAttribute('aria-label') || '').trim().slice(0, 30)}"` };
    });
    if (box.width === 0) continue;
    const x = Math.max(0, Math.floor(box.x - MARGIN));
    const y = Math.max(0, Math.floor(box.y - MARGIN));
    const clip = { x, y, width: Math.min(viewport.width - x, Math.ceil(box.width + 2 * MARGIN)), height: Math.min(viewport.height - y, Math.ceil(box.height + 2 * MARGIN)) };
    const focused = await page.screenshot({ clip });
    // The same element with the focus taken away, nothing else moved.
    await element.evaluate((node) => (node as HTMLElement).blur());
    const unfocused = await page.screenshot({ clip });
    const needed = 2 * 2 * (box.width + box.height);
    const found = contrastingPixels(focused, unfocused);
    if (found < needed) unseen.push(`${box.name}: ${found} of ${Math.round(needed)} pixels at 3:1`);
    // The next Tab goes on from here.
    await element.evaluate((node) => (node as HTMLElement).focus());
  }
  return unseen;
}

// The measuring style sheet below is added by the test, not by the app: let it past the CSP.
test.use({ bypassCSP: true });

for (const locale of IN_ARABIC) {
  test(`the keyboard focus can be seen on the green hero, filled buttons and white pages (${locale})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The home page: the header, the green hero and its filled call to action, the service cards.
    await page.goto(`/${locale}`);
    const home = await unseenFocus(page, 12);
    // A form on white: fields, a filled submit button, links.
    await page.goto(`/${locale}/auth/login`);
    const login = await unseenFocus(page, 10);
    expect([...home.map((line) => `home: ${line}`), ...login.map((line) => `login: ${line}`)]).toEqual([]);
  });
}
