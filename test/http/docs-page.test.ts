// /docs opens on the sign-in operations: in a browser, the `auth` area is unfolded (its operations
// listed, POST /auth/login among them) and the other areas stay folded; a deep link to another area
// opens that one instead. Runs Debian's chromium (test/console/browser.ts), under the page's own CSP.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { launchChromium, openPage } from '../console/browser.js';

let app: TestApp;
let browser: Browser;
let base: string;

beforeAll(async () => {
  app = await startTestApp();
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  const address = app.api.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app.close();
});

/** The operations the page shows unfolded: "METHOD /path". */
async function shownOperations(hash = ''): Promise<{ shown: string[]; faults: string[] }> {
  const { page, faults } = await openPage(browser);
  await page.goto(`${base}/docs/${hash}`);
  await page.waitForSelector('.opblock-tag', { timeout: 20_000 });
  await page.waitForSelector('.opblock-summary', { timeout: 20_000 });
  const shown = await page.$$eval('.opblock-summary', (nodes) =>
    nodes.map((n) => {
      const method = n.querySelector('.opblock-summary-method')?.textContent ?? '';
      const path = n.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
      return `${method} ${path}`;
    }),
  );
  await page.context().close();
  return { shown, faults };
}

it('opens with the sign-in operations unfolded and the other areas folded', async () => {
  const { shown, faults } = await shownOperations();
  expect(shown).toContain('POST /auth/login');
  expect(shown).toContain('POST /auth/token');
  expect(shown.filter((o) => !/ \/(auth|\.well-known)\//.test(o))).toEqual([]);
  expect(faults).toEqual([]);
}, 60_000);

it('a deep link to another area opens that area instead', async () => {
  const { shown } = await shownOperations('#/environments');
  expect(shown).toContain('POST /environments');
  expect(shown).not.toContain('POST /auth/login');
}, 60_000);
