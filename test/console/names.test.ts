// What the console names, in Debian's chromium against `keel serve` on the embedded default: a
// project's releases listed (a version opens its components), the operations log's projects and
// environments by name (each read once, never a whole list), and a plugin edge's ends by name however
// many projects the organization has, each end chosen with a search-as-you-type picker. axe-core (every
// impact) at 1440 and 390 px, a screenshot of each, no secret in the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../src/console/build.js';
import {
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
let admin: string;
const secrets = new Set<string>();
const open: { page: Page; faults: string[] }[] = [];

async function call(method: string, path: string, body?: unknown) {
  const res = await keel.call(method, path, admin, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** An organization with one team and these projects (slug, name) of it, through the API. */
async function organization(
  org: { slug: string; name: string },
  team: { slug: string; name: string },
  projects: ReadonlyArray<readonly [string, string]> = [],
): Promise<void> {
  await call('POST', '/organizations', org);
  await call('POST', `/organizations/${org.slug}/teams`, team);
  for (const [slug, name] of projects)
    await call('POST', `/organizations/${org.slug}/projects`, { slug, name, team: team.slug });
}

/** Polls the API until `ok` holds (the analytics pipeline moves rows about once a second). */
async function until(path: string, ok: (body: unknown) => boolean): Promise<void> {
  await expect
    .poll(async () => ok((await keel.call('GET', path, admin)).body), { timeout: 30_000, interval: 500 })
    .toBe(true);
}

async function signedInPage(at: string): Promise<{ page: Page; requests: URL[] }> {
  const opened = await openPage(browser);
  open.push(opened);
  const requests: URL[] = [];
  opened.page.on('request', (r) => requests.push(new URL(r.url())));
  await openSignInForm(opened.page, `${keel.base}${at}`);
  await opened.page.getByLabel('Email').fill(keel.admin.email);
  await opened.page.getByLabel('Password').fill(keel.admin.password);
  await opened.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await opened.page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { page: opened.page, requests };
}

beforeAll(async () => {
  await ensureConsoleBuilt({ quiet: true });
  keel = await startKeel({ KEEL_AUTH_PROVIDER_CACHE_SECONDS: '0' });
  secrets.add(keel.admin.password);
  admin = await keel.token(keel.admin.email, keel.admin.password);
  secrets.add(admin);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const p of open) {
    expect(p.faults).toEqual([]);
    expect(await secretsExposed(p.page, [...secrets])).toEqual([]);
  }
  await browser?.close();
  await keel?.stop();
});

describe('a project page lists its releases', () => {
  it('newest first; a version opens its components', async () => {
    await organization({ slug: 'acme-names', name: 'Acme Names' }, { slug: 'web', name: 'Web' }, [
      ['shop', 'Shop'],
    ]);
    const releases = '/organizations/acme-names/projects/shop/releases';
    for (const [version, components] of [
      [
        '1.0.0',
        [
          { name: 'api-server', version: '1.0.0', purl: 'pkg:npm/api-server@1.0.0' },
          { name: 'web', version: '3.2.1' },
        ],
      ],
      ['1.1.0', [{ name: 'api-server', version: '1.1.0' }]],
      ['2.0.0-rc.1', [{ name: 'api-server', version: '2.0.0-rc.1' }]],
    ] as const)
      await call('POST', `${releases}/${version}/components`, { components });
    await until(releases, (b) => Array.isArray(b) && b.length === 3);

    const { page } = await signedInPage('/console/organizations/acme-names/projects/shop');
    const section = page.getByRole('region', { name: 'Releases and components' });
    const table = section.getByRole('table', { name: 'Releases, newest first' });
    await table.waitFor();
    expect(
      await table
        .locator('tr[data-release]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-release'))),
    ).toEqual(['2.0.0-rc.1', '1.1.0', '1.0.0']);
    expect(await table.locator('tr[data-release="1.0.0"]').textContent()).toContain('2');
    // No version to type: the list is the way in.
    expect(await section.getByRole('textbox').count()).toBe(0);
    const version = section.getByRole('button', { name: '1.0.0', exact: true });
    expect(await version.getAttribute('aria-expanded')).toBe('false');
    await version.click();
    const components = section.getByRole('table', { name: 'Components of release 1.0.0' });
    await components.waitFor();
    expect(await version.getAttribute('aria-expanded')).toBe('true');
    expect(await components.locator('tbody tr').allTextContents()).toEqual([
      'api-server1.0.0pkg:npm/api-server@1.0.0',
      'web3.2.1—',
    ]);
    await section.scrollIntoViewIfNeeded();
    expect(await pageProblems(page, 'names-releases')).toEqual([]);
    // Choosing it again closes it.
    await version.click();
    await expect.poll(() => components.count()).toBe(0);
  }, 90_000);
});

describe('names read for one person are not shown to the next', () => {
  it('signing out forgets them: the next person on the same page sees only what they may read', async () => {
    // A person who may read one project (a grant on it) but not its organization is shown the
    // organization's slug, not its name.
    await organization({ slug: 'hooli-names', name: 'Hooli Names' }, { slug: 'core', name: 'Core' }, [
      ['app', 'App'],
    ]);
    const email = 'app-reader@example.com';
    const password = 'app-reader-password-1';
    secrets.add(password);
    await call('POST', '/users', { email, password });
    await call('PUT', `/organizations/hooli-names/projects/app/access/${email}`, { actions: ['read'] });
    const reader = await keel.token(email, password);
    secrets.add(reader);
    expect((await keel.call('GET', '/organizations/hooli-names/projects/app', reader)).status).toBe(200);
    expect((await keel.call('GET', '/organizations/hooli-names', reader)).status).toBeGreaterThanOrEqual(400);

    const { page } = await signedInPage('/console/organizations/hooli-names/projects/app');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Hooli Names' }).waitFor();
    // Signed out and in again as the reader, in the same page (no reload: the console's state stays).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Keel' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('heading', { name: 'App', level: 1 }).waitFor();
    await crumbs.getByRole('link', { name: 'hooli-names' }).waitFor();
    expect(await crumbs.textContent()).not.toContain('Hooli Names');
  });
});

describe('the operations log names projects and environments', () => {
  it('by their names, each read once, never a whole list', async () => {
    await organization({ slug: 'globex-names', name: 'Globex Names' }, { slug: 'core', name: 'Core' }, [
      ['depot', 'Depot Service'],
      ['shop', 'Shop Front'],
    ]);
    await call('POST', '/environments', { slug: 'qa-names', name: 'Quality assurance' });
    const log = '/organizations/globex-names/operations-log';
    for (const [project, description] of [
      ['depot', 'depot checked'],
      ['shop', 'shop rolled out'],
      ['depot', 'depot restarted'],
    ])
      await call('POST', log, { project, environment: 'qa-names', entry_type: 'Note', description });
    await until(log, (b) => Array.isArray(b) && b.length === 3);

    const { page, requests } = await signedInPage('/console/analytics');
    await page.getByLabel('Organization').selectOption({ label: 'Globex Names' });
    const rows = page.locator('tr[data-entry]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringContaining('Depot Service / Quality assurance'),
        expect.stringContaining('Shop Front / Quality assurance'),
        expect.stringContaining('Depot Service / Quality assurance'),
      ]);
    // Each slug read once, by itself; no list of projects or environments read to name them.
    const reads = (path: string) => requests.filter((u) => u.pathname === path).length;
    expect(reads('/organizations/globex-names/projects/depot')).toBe(1);
    expect(reads('/organizations/globex-names/projects/shop')).toBe(1);
    expect(reads('/environments/qa-names')).toBe(1);
    // (The score history below reads its first project: one page of 8.)
    expect(
      requests.filter(
        (u) => u.pathname === '/organizations/globex-names/projects' && u.searchParams.get('limit') !== '8',
      ),
    ).toEqual([]);
    expect(requests.filter((u) => u.pathname === '/environments')).toEqual([]);
    // The timeline says the same names to a screen reader.
    expect(
      await page.getByRole('img', { name: /Timeline of 3 entries/ }).getAttribute('aria-label'),
    ).toContain('Depot Service in Quality assurance');
    // Refreshed, the names are known already: no second read.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(500);
    expect(reads('/organizations/globex-names/projects/depot')).toBe(1);
    expect(await pageProblems(page, 'names-operations-log')).toEqual([]);
  }, 90_000);
});

describe('plugin edges name every end', () => {
  it('a project past the first 200, a plugin entity and an environment, each chosen with a picker', async () => {
    await call('POST', '/admin/plugins', {
      manifest: {
        slug: 'runbooks-names',
        name: 'Runbooks',
        version: '1.0.0',
        vertex_labels: [
          {
            name: 'Runbook',
            schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          },
        ],
        edge_labels: [
          { source_label: 'Runbook', edge_label: 'COVERS', target_label: 'Project' },
          { source_label: 'Environment', edge_label: 'HOSTS', target_label: 'Runbook' },
        ],
      },
    });
    await organization({ slug: 'initech-names', name: 'Initech Names' }, { slug: 'ops', name: 'Operations' });
    // 201 projects: the last one is past any first page of 200.
    for (let i = 0; i < 200; i += 20)
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          call('POST', '/organizations/initech-names/projects', {
            slug: `filler-${i + j}`,
            name: `Filler ${i + j}`,
            team: 'ops',
          }),
        ),
      );
    const last = await call('POST', '/organizations/initech-names/projects', {
      slug: 'zeta',
      name: 'Zeta Payments',
      team: 'ops',
    });
    const runbooks: string[] = [];
    for (const name of ['Restart the queue', 'Rotate the keys', 'Drain a node'])
      runbooks.push((await call('POST', '/admin/plugins/runbooks-names/entities/Runbook', { name })).id);
    await call('POST', '/admin/plugins/runbooks-names/edges/COVERS', {
      source_id: runbooks[1],
      target_id: last.id,
    });
    const env = await call('POST', '/environments', { slug: 'edge-names', name: 'Edge region' });

    const { page, requests } = await signedInPage('/console/');
    await page.getByRole('navigation').getByRole('link', { name: 'Plugin entities' }).click();
    const choose = (text: string) => page.getByLabel('Plugin and label').selectOption({ label: text });
    await choose('Runbooks: Runbook COVERS Project (edges)');
    const row = page.locator(`tr[data-edge="${runbooks[1]}/${last.id}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Rotate the keys');
    expect(await row.textContent()).toContain('Zeta Payments');
    expect(await row.textContent()).not.toContain(last.id);
    // The entity end read by its id, once; no list read to name or offer anything (the entities'
    // own table, shown first, reads its page of 20).
    const entity = `/admin/plugins/runbooks-names/entities/Runbook/${runbooks[1]}`;
    expect(requests.filter((u) => u.pathname === entity)).toHaveLength(1);
    expect(
      requests.filter(
        (u) =>
          u.pathname === '/organizations/initech-names/projects' ||
          u.pathname === '/environments' ||
          (u.pathname === '/admin/plugins/runbooks-names/entities/Runbook' &&
            u.searchParams.get('limit') === '200'),
      ),
    ).toEqual([]);

    // A new edge: the environment offered as soon as the field has the focus, the runbook searched as typed.
    await choose('Runbooks: Environment HOSTS Runbook (edges)');
    const form = page.getByRole('form', { name: 'New HOSTS edge' });
    await form.getByRole('combobox', { name: 'Environment', exact: true }).click();
    await form.getByRole('option', { name: /^Edge region/ }).click();
    const runbook = form.getByRole('combobox', { name: 'Runbook', exact: true });
    await runbook.fill('rest');
    await form.getByRole('option', { name: 'Restart the queue' }).waitFor();
    expect(await form.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
      'Restart the queue',
    ]);
    // The API searched them: what was typed went to the entity list as q.
    expect(
      requests.some(
        (u) =>
          u.pathname === '/admin/plugins/runbooks-names/entities/Runbook' &&
          u.searchParams.get('q') === 'rest',
      ),
    ).toBe(true);
    expect(await pageProblems(page, 'names-edge-form')).toEqual([]);
    await form.getByRole('option', { name: 'Restart the queue' }).click();
    await form.getByRole('button', { name: 'Create edge' }).click();
    const hosts = page.locator(`tr[data-edge="${env.id}/${runbooks[0]}"]`);
    await hosts.waitFor();
    expect(await hosts.textContent()).toContain('Edge region');
    expect(await hosts.textContent()).toContain('Restart the queue');
    expect(await pageProblems(page, 'names-edges')).toEqual([]);
  }, 120_000);
});
