// The console's tables on a phone (390 px), in Debian's chromium against `keel serve`: every row is a card
// whose actions are in view without scrolling anything sideways, each cell labelled by its column; at
// 1440 px the same markup is a table with its headers. axe-core (every impact) at both sizes, a screenshot
// of each, and no secret in the DOM, URL or storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../src/console/build.js';
import {
  PHONE,
  WIDE,
  launchChromium,
  openPage,
  openSignInForm,
  pageProblems,
  secretsExposed,
  startKeel,
  type Keel,
} from './browser.js';

let keel: Keel;
let browser: Browser;
const secrets = new Set<string>();
const hookSecret = 'narrow-webhook-secret-5e1f0a9c';

beforeAll(async () => {
  await ensureConsoleBuilt({ quiet: true });
  keel = await startKeel({ KEEL_AUTH_PROVIDER_CACHE_SECONDS: '0' });
  secrets.add(keel.admin.password);
  secrets.add(hookSecret);
  const admin = await keel.token(keel.admin.email, keel.admin.password);
  secrets.add(admin);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await keel.call(method, path, admin, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as Record<string, unknown>;
  };
  // Long names and addresses, the width a real install has.
  for (const [email, display_name] of [
    ['margarethe.vandenberg-oyelaran@platform-engineering.example.com', 'Margarethe van den Berg-Oyelaran'],
    ['dev@example.com', 'Dev'],
  ] as const)
    await call('POST', '/users', { email, display_name, password: 'narrow-user-Passw0rd-42' });
  await call('POST', '/roles', {
    slug: 'release-managers',
    name: 'Release managers',
    description: 'Ship releases and record deployments in every organization',
    permissions: ['project:read', 'project:update', 'operations_log:create', 'release_components:create'],
  });
  await call('PUT', '/users/dev%40example.com/roles/release-managers');
  await call('POST', '/admin/webhooks', {
    slug: 'github-deployments',
    integration: 'github',
    sender: 'github',
    secret: hookSecret,
  });
  await call('POST', '/service-accounts', { slug: 'release-bot', display_name: 'Release bot' });
  const cred = await call('POST', '/service-accounts/release-bot/client-credentials', {
    name: 'ci-pipeline',
  });
  secrets.add(String(cred.client_secret));
  await call('POST', '/organizations', { slug: 'acme', name: 'Acme' });
  await call('POST', '/organizations/acme/teams', { slug: 'core', name: 'Core' });
  await call('POST', '/organizations/acme/projects', { slug: 'shop', name: 'Shop', team: 'core' });
  await call(
    'PUT',
    '/organizations/acme/projects/shop/access/margarethe.vandenberg-oyelaran%40platform-engineering.example.com',
    { actions: ['read', 'update'] },
  );
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await keel?.stop();
});

/** Every button in the page's tables, and whether each lies within the 390 px screen (none does not). */
async function buttonsOutOfView(page: Page): Promise<string[]> {
  const buttons = page.locator('main table tbody button');
  const out: string[] = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const b = buttons.nth(i);
    const box = await b.boundingBox();
    const name = (await b.textContent())?.trim() ?? '?';
    if (!box) out.push(`${name}: not shown`);
    else if (box.x < 0 || box.x + box.width > PHONE.width) {
      out.push(`${name}: from ${Math.round(box.x)} to ${Math.round(box.x + box.width)} px`);
    }
  }
  return out;
}

/** How far the page, and each table's box, scroll sideways (all 0 at 390 px). */
async function sidewaysScroll(page: Page): Promise<number[]> {
  return (await page.evaluate(`[
    document.documentElement.scrollWidth - window.innerWidth,
    ...[...document.querySelectorAll('main .table-scroll')].map((b) => b.scrollWidth - b.clientWidth),
  ]`)) as number[];
}

/** Moves to console page `path` as a link in the console would (no reload). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', '/console${path}'); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/** An element's computed style property (of its `pseudo` element when given). */
async function styleOf(element: Locator, property: string, pseudo?: string): Promise<string> {
  return element.evaluate(
    (e, [p, ps]) =>
      (
        globalThis as unknown as {
          getComputedStyle(e: unknown, ps?: string): Record<string, string>;
        }
      ).getComputedStyle(e, ps)[p!]!,
    [property, pseudo] as const,
  );
}

/** What a cell shows as its label at the current width ('none' when it shows none). */
const cellLabel = (cell: Locator) => styleOf(cell, 'content', '::before');

describe('tables on a phone', () => {
  it('shows each row as a card with its actions in view at 390 px, and a table at 1440 px', async () => {
    const { page, faults } = await openPage(browser);
    await page.setViewportSize(WIDE);
    await openSignInForm(page, `${keel.base}/console/`);
    await page.getByLabel('Email').fill(keel.admin.email);
    await page.getByLabel('Password').fill(keel.admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();

    const pages: [name: string, path: string, ready: string, actions: number][] = [
      ['users', '/users', 'tr[data-user="dev@example.com"]', 3],
      ['roles', '/roles', 'tr[data-role="release-managers"]', 3],
      ['webhooks', '/webhooks', 'tr[data-webhook="github-deployments"]', 2],
      ['service-accounts', '/service-accounts', 'tr:has-text("ci-pipeline")', 1],
      ['project-access', '/organizations/acme/projects/shop', 'tr[data-grant]', 1],
    ];
    for (const [name, path, ready, atLeast] of pages) {
      await go(page, path);
      await page.locator(ready).waitFor();
      // Wide: a table, its headers shown, no label drawn in the cells.
      await page.setViewportSize(WIDE);
      const row = page.locator(ready).first();
      const table = page.locator('main table', { has: page.locator(ready) });
      expect(await styleOf(row, 'display'), name).toBe('table-row');
      expect(await table.locator('thead th').first().isVisible(), name).toBe(true);
      expect(['none', 'normal'], name).toContain(await cellLabel(row.locator('td').first()));
      // Narrow: cards, each cell under its column's name, every row action within the screen.
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(50);
      expect(await styleOf(row, 'display'), name).toBe('block');
      const firstHeader = (await table.locator('thead th').first().textContent())!;
      expect(await cellLabel(row.locator('td').first()), name).toContain(JSON.stringify(firstHeader));
      expect(await page.locator('main table tbody button').count(), name).toBeGreaterThanOrEqual(atLeast);
      expect(await buttonsOutOfView(page), name).toEqual([]);
      expect(
        (await sidewaysScroll(page)).filter((n) => n > 0),
        name,
      ).toEqual([]);
      expect(await pageProblems(page, `narrow-${name}`), name).toEqual([]);
    }

    // A role opened for editing on a phone: its form under the row, its buttons in view.
    await go(page, '/roles');
    await page.locator('tr[data-role="release-managers"]').waitFor();
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Edit role Release managers' }).click();
    await page.locator('tr.editor-row form').waitFor();
    expect(await buttonsOutOfView(page)).toEqual([]);
    expect((await sidewaysScroll(page))[0]).toBe(0);
    expect(await pageProblems(page, 'narrow-role-editor')).toEqual([]);

    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 120_000);
});
