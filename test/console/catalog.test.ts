// The project model in the console (issue 34 with the catalog of issue 40), in Debian's chromium against
// `keel serve`: the project list's filters (team, type, archived, attribute equals), a project's attributes
// edited through the form built from its blueprint (typed inputs, required marks, the 422's pointer at its
// field, a merge patch that keeps the rest), its types, dependencies and blast radius, archive with a reason
// and unarchive; an organization's project types and blueprints, the dry run naming the projects that would
// not fit. Every page and dialog: axe-core with no violation of any impact at 1440 and 390 px, no sideways
// scroll at 390 px, screenshots; no secret in the page.
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
  collectTokens,
} from './browser.js';

let keel: Keel;
let browser: Browser;
let admin: string;
const secrets = new Set<string>();

const BLUEPRINT = {
  type: 'object',
  properties: {
    tier: { enum: ['gold', 'silver', 'bronze'], description: 'How critical it is' },
    replicas: { type: 'integer', minimum: 1 },
    on_call: { type: 'string', format: 'email' },
  },
  required: ['tier'],
};

async function call(method: string, path: string, body?: unknown) {
  const res = await keel.call(method, path, admin, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  await ensureConsoleBuilt({ quiet: true });
  keel = await startKeel({ KEEL_AUTH_PROVIDER_CACHE_SECONDS: '0' });
  secrets.add(keel.admin.password);
  admin = await keel.token(keel.admin.email, keel.admin.password);
  secrets.add(admin);
  await call('POST', '/organizations', { slug: 'acme', name: 'Acme' });
  await call('POST', '/organizations/acme/teams', { slug: 'core', name: 'Core' });
  await call('POST', '/organizations/acme/teams', { slug: 'web', name: 'Web team' });
  for (const [slug, name] of [
    ['service', 'Service'],
    ['library', 'Library'],
  ])
    await call('POST', '/organizations/acme/project-types', { slug, name });
  await call('POST', '/organizations/acme/blueprints', {
    slug: 'all',
    name: 'Every project',
    schema: BLUEPRINT,
  });
  for (const [slug, team, types, attributes] of [
    ['shop', 'core', ['service'], { tier: 'gold', replicas: 2 }],
    ['lib', 'core', ['library'], { tier: 'silver' }],
    ['storefront', 'web', ['service'], { tier: 'gold' }],
    ['db', 'core', [], { tier: 'bronze' }],
  ] as const)
    await call('POST', '/organizations/acme/projects', {
      slug,
      name: slug[0]!.toUpperCase() + slug.slice(1),
      team,
      types,
      attributes,
    });
  await call('PUT', '/organizations/acme/projects/shop/dependencies/lib', { note: 'pricing rules' });
  await call('PUT', '/organizations/acme/projects/storefront/dependencies/shop', {});
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await keel?.stop();
});

async function signedIn(
  at: string,
  who: { email: string; password: string } = keel.admin,
): Promise<{ page: Page; faults: string[] }> {
  const opened = await openPage(browser);
  const { page } = opened;
  collectTokens(page, secrets);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignInForm(page, `${keel.base}${at}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return opened;
}

async function check(page: Page, name: string): Promise<void> {
  expect(await pageProblems(page, `catalog-${name}`), name).toEqual([]);
}

/**
 * expect.poll with room for a loaded machine: what it waits for comes through a debounced input and an
 * API call, which vitest's default of one second does not always leave time for on two busy cores.
 */
const settled = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const rows = (page: Page) => page.locator('tr[data-project]');
async function shownProjects(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-project')!));
}

describe('the project model in the console', () => {
  it('filters the project list by team, type, archived and attribute', async () => {
    const { page, faults } = await signedIn('/console/organizations/acme');
    const list = page.getByRole('search', { name: 'Find projects' });
    await rows(page).first().waitFor();
    expect((await shownProjects(page)).sort()).toEqual(['db', 'lib', 'shop', 'storefront']);
    // Types are shown by name.
    expect(await page.locator('tr[data-project="lib"]').textContent()).toContain('Library');
    await list.getByLabel('Type').selectOption({ label: 'Service' });
    await settled(() => shownProjects(page).then((p) => p.sort())).toEqual(['shop', 'storefront']);
    await list.getByLabel('Team').selectOption({ label: 'Web team' });
    await settled(() => shownProjects(page)).toEqual(['storefront']);
    await check(page, 'list-filtered');
    await list.getByRole('button', { name: 'Clear filters' }).click();
    await list.getByLabel('Attribute').fill('tier');
    await list.getByLabel('Equals').fill('gold');
    await settled(() => shownProjects(page).then((p) => p.sort())).toEqual(['shop', 'storefront']);
    await list.getByLabel('Equals').fill('nothing-like-this');
    await page.getByRole('cell', { name: 'No project matches.' }).waitFor();
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("edits a project's attributes through its blueprint's form, its types, dependencies, blast radius, archive", async () => {
    const { page, faults } = await signedIn('/console/organizations/acme/projects/shop');
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
    await page.locator('dd[data-attribute="tier"]').filter({ hasText: 'gold' }).waitFor();
    await page.getByRole('button', { name: 'Edit attributes and types' }).click();
    const form = page.getByRole('form', { name: 'Edit attributes of Shop' });
    // Typed inputs from the blueprint: the enum is a select, required is marked, the rules are in words.
    expect(await form.getByLabel('tier (required)').evaluate((e) => e.tagName)).toBe('SELECT');
    expect(await form.locator('[data-pointer="/attributes/replicas"] .hint').textContent()).toBe(
      'A whole number of at least 1',
    );
    expect(await form.locator('[data-pointer="/attributes/on_call"] .hint').textContent()).toContain(
      'An email address',
    );
    // The server's 422 is shown at the field it names, and nothing is stored.
    await form.getByLabel('replicas').fill('0');
    await form.getByRole('button', { name: 'Save attributes' }).click();
    await form.locator('[data-pointer="/attributes/replicas"] .field-error').waitFor();
    expect(await form.getByLabel('replicas').getAttribute('aria-invalid')).toBe('true');
    await check(page, 'project-edit-422');
    expect((await call('GET', '/organizations/acme/projects/shop')).attributes).toEqual({
      tier: 'gold',
      replicas: 2,
    });
    await form.getByLabel('replicas').fill('3');
    await form.getByLabel('on_call').fill('ops@acme.test');
    await form.getByRole('checkbox', { name: 'Library' }).check();
    await form.getByRole('button', { name: 'Save attributes' }).click();
    await page.getByRole('status').filter({ hasText: 'Attributes saved.' }).waitFor();
    await page.locator('dd[data-attribute="replicas"]').filter({ hasText: '3' }).waitFor();
    const stored = await call('GET', '/organizations/acme/projects/shop');
    expect(stored.attributes).toEqual({ tier: 'gold', replicas: 3, on_call: 'ops@acme.test' });
    expect(stored.types).toEqual(['service', 'library']);
    await settled(() => page.locator('dd[data-types]').textContent()).toBe('Service, Library');

    // Dependencies: listed by name with their note, one added and removed, and what depends on it.
    const deps = page.getByRole('region', { name: 'Dependencies' });
    await deps.locator('tr[data-dependency="lib"]').filter({ hasText: 'pricing rules' }).waitFor();
    await deps.locator('li[data-dependent="storefront"]').waitFor();
    const add = deps.getByRole('form', { name: 'Add a dependency' });
    // The target is chosen by name from the organization's other projects, searched as typed: the
    // project itself is not offered.
    const target = add.getByRole('combobox', { name: 'Project it depends on' });
    await target.fill('shop');
    await add.getByText('No project matches “shop”.').waitFor();
    await target.fill('db');
    await add.getByRole('option', { name: /^Db/ }).click();
    expect(await target.inputValue()).toBe('Db');
    await add.getByLabel('Note (optional)').fill('orders table');
    await add.getByRole('button', { name: 'Add dependency' }).click();
    await deps.locator('tr[data-dependency="db"]').filter({ hasText: 'orders table' }).waitFor();
    await deps.getByRole('button', { name: 'Remove dependency on Db' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'dialog-remove-dependency');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove dependency' }).click();
    await settled(() => deps.locator('tr[data-dependency="db"]').count()).toBe(0);
    // Blast radius of lib: shop directly, storefront two steps away.
    await page.goto(`${keel.base}/console/organizations/acme/projects/lib`);
    await page.getByRole('heading', { name: 'Lib', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Show blast radius' }).click();
    await page.locator('[data-blast-count="2"]').waitFor();
    await page.locator('li[data-blast="shop"]').waitFor();
    await page.locator('li[data-blast="storefront"]').waitFor();
    await check(page, 'project-blast-radius');

    // Archive with a reason: the banner says who, when and why; the list leaves it out until asked.
    await page.goto(`${keel.base}/console/organizations/acme/projects/db`);
    await page.getByRole('heading', { name: 'Db', level: 1 }).waitFor();
    const archive = page.getByRole('form', { name: 'Archive the project' });
    await archive.getByLabel('Reason for archiving (optional)').fill('moved to the managed database');
    await archive.getByRole('button', { name: 'Archive project' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive project' }).click();
    const banner = page.getByRole('note', { name: 'Archived' });
    await banner.filter({ hasText: 'moved to the managed database' }).waitFor();
    expect(await banner.textContent()).toContain(keel.admin.email);
    expect(await page.getByRole('button', { name: 'Edit attributes and types' }).count()).toBe(0);
    await check(page, 'project-archived');
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Acme', exact: true })
      .click();
    await rows(page).first().waitFor();
    expect(await shownProjects(page)).not.toContain('db');
    await page.getByRole('search', { name: 'Find projects' }).getByLabel('Archived').selectOption('true');
    await settled(() => shownProjects(page)).toEqual(['db']);
    await page.locator('tr[data-project="db"]').getByRole('link', { name: 'Db' }).click();
    await banner.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('status').filter({ hasText: 'Db unarchived.' }).waitFor();
    expect((await call('GET', '/organizations/acme/projects/db')).archived).toBeNull();
    await check(page, 'project-page');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("manages the organization's project types and blueprints, with the dry run naming the misfits", async () => {
    const { page, faults } = await signedIn('/console/organizations/acme');
    await page
      .getByRole('navigation', { name: 'Catalog of this organization' })
      .getByRole('link', { name: 'Project types' })
      .click();
    await page.getByRole('heading', { name: 'Project types', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'New project type' });
    await form.getByLabel('Name').fill('Web site');
    expect(await form.getByLabel('Slug').inputValue()).toBe('web-site');
    await form.getByRole('checkbox', { name: /deployed/ }).check();
    await form.getByRole('button', { name: 'Create type' }).click();
    await page.locator('tr[data-type="web-site"]').filter({ hasText: 'yes' }).waitFor();
    // A type in use is not deleted: the API's 409 detail is shown as it is.
    const refused = await keel.call('DELETE', '/organizations/acme/project-types/service', admin);
    expect(refused.status).toBe(409);
    await page.getByRole('button', { name: 'Delete Service' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete type' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: refused.body.detail as string })
      .waitFor();
    await check(page, 'project-types');

    await page.goto(`${keel.base}/console/organizations/acme/blueprints`);
    await page.locator('tr[data-blueprint="all"]').filter({ hasText: 'tier, on_call, replicas' }).waitFor();
    await page.getByRole('button', { name: 'Edit Every project' }).click();
    const edit = page.getByRole('form', { name: 'Edit blueprint Every project' });
    const schema = edit.getByLabel('Schema of the attributes (JSON Schema, as JSON)');
    // Text that is not JSON is named before anything is sent.
    await schema.fill('{"type": "object",');
    await edit.getByRole('button', { name: 'Check against the projects' }).click();
    await edit.getByRole('alert').filter({ hasText: 'Not valid JSON' }).waitFor();
    // on_call required: the dry run names every project that lacks it (shop has one since the last test).
    await schema.fill(JSON.stringify({ ...BLUEPRINT, required: ['tier', 'on_call'] }, null, 2));
    await edit.getByRole('button', { name: 'Check against the projects' }).click();
    const result = edit.getByRole('status');
    await result.filter({ hasText: '3 of 4 projects would not fit.' }).waitFor();
    expect(
      (
        await edit
          .locator('li[data-misfit]')
          .evaluateAll((li) => li.map((l) => l.getAttribute('data-misfit')))
      ).sort(),
    ).toEqual(['db', 'lib', 'storefront']);
    expect(await edit.locator('li[data-misfit="lib"]').textContent()).toContain('on_call');
    await check(page, 'blueprint-dry-run');
    // A schema that does not compile is the API's 422 at /schema, shown under the schema.
    await schema.fill(JSON.stringify({ type: 'object', properties: { tier: { type: 'colour' } } }));
    await edit.getByRole('button', { name: 'Save blueprint' }).click();
    await edit.locator('[data-pointer="/schema"] .field-error').first().waitFor();
    await schema.fill(JSON.stringify({ ...BLUEPRINT, required: ['tier', 'on_call'] }, null, 2));
    await edit.getByRole('button', { name: 'Save blueprint' }).click();
    await page.getByRole('status').filter({ hasText: 'Blueprint saved.' }).waitFor();
    expect((await call('GET', '/organizations/acme/blueprints/all')).schema.required).toEqual([
      'tier',
      'on_call',
    ]);
    // Stored attributes are never rewritten.
    expect((await call('GET', '/organizations/acme/projects/lib')).attributes).toEqual({ tier: 'silver' });
    // The whole organization has its blueprint: a new one applies to a type, the first still free, shown
    // as chosen (never a blank choice that would send the taken scope).
    const scope = page.getByRole('form', { name: 'New blueprint' }).getByLabel('Applies to');
    expect(await scope.inputValue()).not.toBe('');
    expect(await scope.locator('option:checked').textContent()).toMatch(/^Projects of type /);
    await check(page, 'blueprints');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 90_000);
  it("sets where a project runs and its links; the organization's link definitions", async () => {
    await call('POST', '/environments', { slug: 'production', name: 'Production' });
    await call('POST', '/environments', { slug: 'staging', name: 'Staging' });
    const { page, faults } = await signedIn('/console/organizations/acme');
    await page
      .getByRole('navigation', { name: 'Catalog of this organization' })
      .getByRole('link', { name: 'Links' })
      .click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    // The placeholders are explained in words.
    for (const p of ['{project}', '{project_id}', '{team}', '{org}'])
      await page.locator('dt', { hasText: p }).first().waitFor();
    const form = page.getByRole('form', { name: 'New link definition' });
    await form.getByLabel('Name').fill('Repository');
    expect(await form.getByLabel('Slug').inputValue()).toBe('repository');
    // An unknown placeholder is the API's 422, shown at the template field.
    await form.getByLabel('URL template (optional)').fill('https://git.example.com/{org}/{repo}');
    await form.getByRole('button', { name: 'Create link' }).click();
    await form.locator('[data-pointer="/url_template"] .field-error').filter({ hasText: 'repo' }).waitFor();
    expect(await form.getByLabel('URL template (optional)').getAttribute('aria-invalid')).toBe('true');
    await check(page, 'link-definitions-422');
    expect((await call('GET', '/organizations/acme/link-definitions')).length).toBe(0);
    await form.getByLabel('URL template (optional)').fill('https://git.example.com/{org}/{project}');
    await form.getByRole('button', { name: 'Create link' }).click();
    await page
      .locator('tr[data-link-definition="repository"]')
      .filter({ hasText: '{org}/{project}' })
      .waitFor();
    // A link without a template: each project gives its own URL.
    const next = page.getByRole('form', { name: 'New link definition' });
    await next.getByLabel('Name').fill('Runbook');
    await next.getByLabel('Icon (optional)').fill('book');
    await next.getByRole('button', { name: 'Create link' }).click();
    await page
      .locator('tr[data-link-definition="runbook"]')
      .filter({ hasText: 'each project gives its own' })
      .waitFor();
    await page.getByRole('form', { name: 'New link definition' }).getByLabel('Name').fill('Chat');
    await page
      .getByRole('form', { name: 'New link definition' })
      .getByRole('button', { name: 'Create link' })
      .click();
    await page.locator('tr[data-link-definition="chat"]').waitFor();
    // Edit: the template now names the team.
    await page.getByRole('button', { name: 'Edit Repository' }).click();
    const edit = page.getByRole('form', { name: 'Edit link Repository' });
    await edit.getByLabel('URL template (optional)').fill('https://git.example.com/{team}/{project}');
    await edit.getByRole('button', { name: 'Save link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link saved.' }).waitFor();
    await page
      .locator('tr[data-link-definition="repository"]')
      .filter({ hasText: '{team}/{project}' })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Chat' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'dialog-delete-link');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete link' }).click();
    await settled(() => page.locator('tr[data-link-definition="chat"]').count()).toBe(0);
    await check(page, 'link-definitions');

    // The project page: its links resolved (the template expanded; a link without one left out).
    await page.goto(`${keel.base}/console/organizations/acme/projects/shop`);
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
    const links = page.getByRole('region', { name: 'Links' });
    await links
      .locator('tr[data-link="repository"]')
      .filter({ hasText: 'https://git.example.com/core/shop' })
      .filter({ hasText: 'the template' })
      .waitFor();
    expect(await links.locator('tr[data-link="runbook"]').count()).toBe(0);
    const setLink = links.getByRole('form', { name: "Set a link's URL" });
    await setLink.getByLabel('Link').selectOption({ label: 'Runbook' });
    await setLink.getByLabel('Its URL for this project').fill('ftp://wiki.example.com/shop');
    await setLink.getByRole('button', { name: 'Set link URL' }).click();
    await setLink.locator('[data-pointer="/url"] .field-error').waitFor();
    await check(page, 'project-link-422');
    await setLink.getByLabel('Its URL for this project').fill('https://wiki.example.com/shop');
    await setLink.getByRole('button', { name: 'Set link URL' }).click();
    await links.locator('tr[data-link="runbook"]').filter({ hasText: 'its own URL' }).waitFor();
    expect(
      (
        (await call('GET', '/organizations/acme/projects/shop')).links as { link: string; url: string }[]
      ).find((l) => l.link === 'runbook')?.url,
    ).toBe('https://wiki.example.com/shop');
    await links.getByRole('button', { name: 'Clear own URL of Runbook' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear URL' }).click();
    await settled(() => links.locator('tr[data-link="runbook"]').count()).toBe(0);

    // Environments: the URL the API refuses is shown at its field and nothing is stored.
    const envs = page.getByRole('region', { name: 'Environments' });
    await envs.getByRole('cell', { name: 'It is not deployed to any environment.' }).waitFor();
    const setEnv = envs.getByRole('form', { name: 'Set an environment' });
    await setEnv.getByLabel('Environment').selectOption({ label: 'Production' });
    await setEnv.getByLabel('URL (optional)').fill('ftp://shop.example.com');
    await setEnv.getByRole('button', { name: 'Set environment' }).click();
    await setEnv.locator('[data-pointer="/url"] .field-error').waitFor();
    expect(await setEnv.getByLabel('URL (optional)').getAttribute('aria-invalid')).toBe('true');
    await check(page, 'project-environment-422');
    expect((await call('GET', '/organizations/acme/projects/shop')).environments).toEqual([]);
    await setEnv.getByLabel('URL (optional)').fill('https://shop.example.com');
    await setEnv.getByRole('button', { name: 'Set environment' }).click();
    await envs
      .locator('tr[data-environment="production"]')
      .filter({ hasText: 'https://shop.example.com' })
      .waitFor();
    await setEnv.getByLabel('Environment').selectOption({ label: 'Staging' });
    await setEnv.getByRole('button', { name: 'Set environment' }).click();
    await envs.locator('tr[data-environment="staging"]').waitFor();
    // The version comes from the operations log.
    await call('POST', '/organizations/acme/operations-log', {
      project: 'shop',
      environment: 'production',
      entry_type: 'Deployed',
      description: 'deploy 1.4.0',
      version: '1.4.0',
    });
    await page.reload();
    await envs.locator('tr[data-environment="production"]').filter({ hasText: '1.4.0' }).waitFor();
    await envs.getByRole('button', { name: 'Change URL in production' }).click();
    expect(await setEnv.getByLabel('URL (optional)').inputValue()).toBe('https://shop.example.com');
    await setEnv.getByLabel('URL (optional)').fill('https://shop.acme.test');
    await setEnv.getByRole('button', { name: 'Set environment' }).click();
    await envs
      .locator('tr[data-environment="production"]')
      .filter({ hasText: 'https://shop.acme.test' })
      .waitFor();
    await envs.getByRole('button', { name: 'Remove from staging' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'dialog-remove-environment');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove from environment' }).click();
    await settled(() => envs.locator('tr[data-environment="staging"]').count()).toBe(0);
    const stored = (await call('GET', '/organizations/acme/projects/shop')).environments;
    expect(stored).toMatchObject([
      { environment: 'production', url: 'https://shop.acme.test', version: '1.4.0' },
    ]);
    await check(page, 'project-environments-links');
    // The list shows where each project runs, and filters by environment.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Acme', exact: true })
      .click();
    await rows(page).first().waitFor();
    // The environment is named once its name is read (docs/console.md, "Names kept between pages").
    await page.locator('tr[data-project="shop"]').filter({ hasText: 'Production 1.4.0' }).waitFor();
    await page
      .getByRole('search', { name: 'Find projects' })
      .getByLabel('Runs in')
      .selectOption('production');
    await settled(() => shownProjects(page)).toEqual(['shop']);
    await check(page, 'list-by-environment');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('imports projects from pasted NDJSON and a chosen CSV file, with the report', async () => {
    const { page, faults } = await signedIn('/console/organizations/acme');
    await page
      .getByRole('navigation', { name: 'Catalog of this organization' })
      .getByRole('link', { name: 'Import projects' })
      .click();
    await page.getByRole('heading', { name: 'Import projects', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Import projects' });
    const rowsText = [
      { slug: 'api', name: 'API', team: 'core', attributes: { tier: 'gold', on_call: 'ops@acme.test' } },
      { slug: 'storefront', name: 'Storefront', team: 'web', attributes: { on_call: 'web@acme.test' } },
      { slug: 'shop', name: 'Shop', team: 'core' },
      { slug: 'lib', name: 'Lib', team: 'core', attributes: { tier: 'platinum' } },
      { slug: 'web2', name: 'Web 2', team: 'web', attributes: { tier: 'gold', on_call: 'web@acme.test' } },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    await form.getByLabel('Rows').fill(rowsText);
    await form.getByRole('button', { name: 'Import' }).click();
    const report = page.getByRole('region', { name: 'Report' });
    await report.locator('[data-report="2/1/1/1"]').waitFor();
    const refused = report.locator('tr[data-refused-line="4"]');
    expect(await refused.textContent()).toContain('lib');
    expect(await refused.textContent()).toContain('/attributes/tier');
    expect((await call('GET', '/organizations/acme/projects/api')).attributes).toEqual({
      tier: 'gold',
      on_call: 'ops@acme.test',
    });
    expect((await call('GET', '/organizations/acme/projects/lib')).attributes).toEqual({ tier: 'silver' });
    await check(page, 'import-report');

    // A CSV file: the format follows its name; a column the import does not take is refused as a whole.
    await form.getByLabel('Choose a file (optional)').setInputFiles({
      name: 'projects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('slug,name,team,environments\nbatch,Batch,core,production\n'),
    });
    await settled(() => form.getByLabel('Format').inputValue()).toBe('text/csv');
    await settled(() => form.getByLabel('Rows').inputValue()).toContain('batch,Batch');
    await form.getByRole('button', { name: 'Import' }).click();
    await page
      .getByRole('list', { name: 'What the import was refused for' })
      .filter({ hasText: '/header/3' })
      .waitFor();
    await check(page, 'import-csv-header-422');
    expect((await keel.call('GET', '/organizations/acme/projects/batch', admin)).status).toBe(404);
    await form.getByLabel('Choose a file (optional)').setInputFiles({
      name: 'projects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('slug,name,team,attr.tier,attr.on_call\nbatch,Batch,core,silver,ops@acme.test\n'),
    });
    await settled(() => form.getByLabel('Rows').inputValue()).toContain('attr.tier');
    await form.getByRole('button', { name: 'Import' }).click();
    await report.locator('[data-report="1/0/0/0"]').waitFor();
    expect((await call('GET', '/organizations/acme/projects/batch')).attributes).toEqual({
      tier: 'silver',
      on_call: 'ops@acme.test',
    });
    await check(page, 'import-csv');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 90_000);
  it('builds the new-project form from the blueprints that apply to the chosen types', async () => {
    await call('POST', '/organizations/acme/blueprints', {
      slug: 'libraries',
      name: 'Libraries',
      project_type: 'library',
      schema: {
        type: 'object',
        properties: { language: { enum: ['typescript', 'go'], description: 'What it is written in' } },
        required: ['language'],
      },
    });
    const { page, faults } = await signedIn('/console/organizations/acme');
    const form = page.getByRole('form', { name: 'New project' });
    // The organization's blueprint: the enum a select, required marked, a number typed.
    expect(await form.getByLabel('tier (required)').evaluate((e) => e.tagName)).toBe('SELECT');
    await form.getByLabel('replicas').waitFor();
    expect(await form.getByLabel('language (required)').count()).toBe(0);
    // Choosing a type brings its blueprint's fields.
    await form.getByRole('checkbox', { name: 'Library' }).check();
    await form.getByLabel('language (required)').waitFor();
    await form.getByLabel('Name').fill('Parser');
    await form.getByLabel('tier (required)').selectOption('silver');
    await form.getByLabel('replicas').fill('2');
    await form.getByLabel('language (required)').selectOption('go');
    await form.getByRole('button', { name: 'Create project' }).click();
    // on_call is required by the organization's blueprint since the blueprints test: the 422 at its field.
    await form.locator('[data-pointer="/attributes/on_call"] .field-error').waitFor();
    expect((await keel.call('GET', '/organizations/acme/projects/parser', admin)).status).toBe(404);
    await check(page, 'new-project-422');
    await form.getByLabel('on_call (required)').fill('parsers@acme.test');
    await form.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('status').filter({ hasText: 'Project parser created.' }).waitFor();
    const made = await call('GET', '/organizations/acme/projects/parser');
    expect(made.types).toEqual(['library']);
    expect(made.attributes).toEqual({
      tier: 'silver',
      replicas: 2,
      language: 'go',
      on_call: 'parsers@acme.test',
    });
    await check(page, 'new-project');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 90_000);
  it('shows a user with a narrow role only the controls the role allows, and says what the others need', async () => {
    // A role that reads the catalog and may create project types, nothing more.
    await call('POST', '/roles', {
      slug: 'catalog-reader',
      name: 'Catalog reader',
      permissions: [
        'organization:read',
        'team:read',
        'project:read',
        'environment:read',
        'project_type:read',
        'project_type:create',
        'blueprint:read',
        'link_definition:read',
      ],
    });
    const reader = { email: 'reader@acme.test', password: 'reader-Passw0rd-catalog-7' };
    secrets.add(reader.password);
    await call('POST', '/users', { ...reader, display_name: 'Reader' });
    await call('PUT', `/users/${reader.email}/roles/catalog-reader`);
    const definitions = await call('GET', '/organizations/acme/link-definitions');
    if ((definitions as unknown[]).length === 0)
      await call('POST', '/organizations/acme/link-definitions', { slug: 'docs', name: 'Docs' });
    // The project page has a row in each section, so a row's buttons would show if they were allowed:
    // shop depends on lib (from the start), runs in production, gives a link its own URL.
    const production = await keel.call('POST', '/environments', admin, {
      slug: 'production',
      name: 'Production',
    });
    expect([201, 409]).toContain(production.status);
    await call('PUT', '/organizations/acme/projects/shop/environments/production', {
      url: 'https://shop.acme.test',
    });
    const link = (
      (await call('GET', '/organizations/acme/link-definitions')) as { slug: string; name: string }[]
    )[0]!;
    await call('PUT', `/organizations/acme/projects/shop/links/${link.slug}`, {
      url: 'https://wiki.acme.test/shop',
    });
    const { page, faults } = await signedIn('/console/organizations/acme/project-types', reader);
    const note = page.locator('[data-not-allowed]');
    const lines = () => note.locator('p').allInnerTexts();
    const noControls = async (names: string[]) => {
      for (const name of names)
        expect(await page.getByRole('button', { name }).count(), `a "${name}" button`).toBe(0);
      expect(await page.getByRole('alert').count(), 'an alert on the page').toBe(0);
    };

    // Project types: the creation form (the role has project_type:create), no Edit or Delete.
    await page.locator('tr[data-type="service"]').waitFor();
    await note.waitFor();
    await page.getByRole('form', { name: 'New project type' }).waitFor();
    expect(await lines()).toEqual([
      'To edit project types, your role needs the permission project_type:update.',
      'To delete project types, your role needs the permission project_type:delete.',
    ]);
    await noControls(['Edit Service', 'Delete Service']);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await check(page, 'narrow-project-types');

    // Blueprints: read, no form, no Edit or Delete.
    await page.goto(`${keel.base}/console/organizations/acme/blueprints`);
    await page.locator('tr[data-blueprint="all"]').waitFor();
    await note.waitFor();
    expect(await lines()).toEqual([
      'To create blueprints, your role needs the permission blueprint:create.',
      'To edit blueprints, your role needs the permission blueprint:update.',
      'To delete blueprints, your role needs the permission blueprint:delete.',
    ]);
    expect(await page.getByRole('form').count()).toBe(0);
    await noControls(['Edit Every project', 'Delete Every project', 'Check against the projects']);
    await check(page, 'narrow-blueprints');

    // Link definitions: read, no form, no Edit or Delete.
    await page.goto(`${keel.base}/console/organizations/acme/link-definitions`);
    await page.locator('tr[data-link-definition]').first().waitFor();
    await note.waitFor();
    expect(await lines()).toContain(
      'To define links, your role needs the permission link_definition:create.',
    );
    expect(await page.getByRole('form').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    await noControls([]);
    await check(page, 'narrow-link-definitions');

    // Import: no form, the permission named.
    await page.goto(`${keel.base}/console/organizations/acme/import`);
    await note.waitFor();
    expect(await lines()).toEqual(['To import projects, your role needs the permission project:create.']);
    expect(await page.getByRole('form', { name: 'Import projects' }).count()).toBe(0);
    await noControls(['Import']);
    await check(page, 'narrow-import');

    // A project's attributes: shown, and no edit button without project:update.
    await page.goto(`${keel.base}/console/organizations/acme/projects/shop`);
    const attributes = page.getByRole('region', { name: 'Attributes' });
    await attributes.locator('dd[data-attribute="tier"]').waitFor();
    await attributes.locator('[data-not-allowed]').waitFor();
    expect(await attributes.locator('[data-not-allowed]').innerText()).toBe(
      'To edit its attributes and types, your role needs the permission project:update (or a grant on this project that lets you update it).',
    );
    expect(await attributes.getByRole('button', { name: 'Edit attributes and types' }).count()).toBe(0);
    // The sections the role cannot read say so in words, and nothing on the page is an error.
    const access = page.getByRole('region', { name: 'Who may access it' });
    await access.locator('[data-not-allowed]').waitFor();
    expect(await access.locator('[data-not-allowed]').innerText()).toBe(
      'To see or change who may access it, your role needs the permission project:access.',
    );
    expect(await access.getByRole('form', { name: 'Grant access' }).count()).toBe(0);
    const ops = page.getByRole('region', { name: 'Operations log' });
    await ops.locator('[data-not-allowed]').waitFor();
    expect(await ops.locator('[data-not-allowed]').innerText()).toBe(
      'To see its operations log, your role needs the permission operations_log:read.',
    );
    // Dependencies, environments, links, archive and delete: read, with no control, and the permission
    // each needs in words (one line where the calls need the same).
    const update = 'project:update (or a grant on this project that lets you update it)';
    const sections: [region: string, row: string, lines: string[], gone: string[], form: string][] = [
      [
        'Dependencies',
        'tr[data-dependency="lib"]',
        [`To add or remove its dependencies, your role needs the permission ${update}.`],
        ['Remove dependency on Lib', 'Add dependency'],
        'Add a dependency',
      ],
      [
        'Environments',
        'tr[data-environment="production"]',
        [`To set or remove where it runs, your role needs the permission ${update}.`],
        ['Change URL in production', 'Remove from production', 'Set environment'],
        'Set an environment',
      ],
      [
        'Links',
        `tr[data-link="${link.slug}"]`,
        [`To set or clear the URLs of its links, your role needs the permission ${update}.`],
        [`Set URL of ${link.name}`, `Clear own URL of ${link.name}`, 'Set link URL'],
        "Set a link's URL",
      ],
      [
        'Archive or delete',
        'h2',
        [
          'To archive it, your role needs the permission project:delete (or a grant on this project that lets you delete it).',
          'To delete it for good, your role needs the permission project:delete.',
        ],
        ['Archive project', 'Delete project'],
        'Archive the project',
      ],
    ];
    for (const [name, row, words, , form] of sections) {
      const region = page.getByRole('region', { name });
      await region.locator(row).first().waitFor();
      await region.locator('[data-not-allowed]').waitFor();
      expect(await region.locator('[data-not-allowed] p').allInnerTexts(), name).toEqual(words);
      expect(await region.getByRole('form', { name: form }).count(), form).toBe(0);
      expect(await region.getByRole('columnheader', { name: 'Actions' }).count(), name).toBe(0);
    }
    await noControls(sections.flatMap(([, , , gone]) => gone));
    await check(page, 'narrow-project');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();

    // An admin sees every one of those controls on the same page, no note, each call asked once.
    const opened = await signedIn('/console/organizations/acme/projects/shop');
    // The questions the page asks of POST /auth/can, read from its fetch calls (the request's body is
    // not in the browser's network record for a fetch given a Request).
    await opened.page.addInitScript(`{
      const fetch0 = window.fetch;
      window.__asked = [];
      window.fetch = async (input, init) => {
        if (input instanceof Request && new URL(input.url).pathname.endsWith('/auth/can'))
          window.__asked.push(await input.clone().text());
        return fetch0(input, init);
      };
    }`);
    await opened.page.reload();
    for (const [name, , , shown, form] of sections) {
      const region = opened.page.getByRole('region', { name });
      await region.getByRole('form', { name: form }).waitFor();
      for (const control of shown) await region.getByRole('button', { name: control, exact: true }).waitFor();
      expect(await region.locator('[data-not-allowed]').count(), name).toBe(0);
    }
    await opened.page
      .getByRole('region', { name: 'Attributes' })
      .getByRole('button', { name: 'Edit attributes and types' })
      .waitFor();
    expect(await opened.page.locator('[data-not-allowed]').count()).toBe(0);
    const asked = (await opened.page.evaluate('window.__asked')) as string[];
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked).size, 'a question asked twice').toBe(asked.length);
    expect(asked.length).toBeLessThanOrEqual(12);
    expect(opened.faults).toEqual([]);
    await opened.page.context().close();
  }, 150_000);
});

describe("a project's operations log", () => {
  it('shows a Deployed entry posted through the API after a reload, and the new version in its environments', async () => {
    const qa = await keel.call('POST', '/environments', admin, { slug: 'qa', name: 'QA' });
    expect([201, 409]).toContain(qa.status);
    await call('PUT', '/organizations/acme/projects/storefront/environments/qa', {
      url: 'https://qa.storefront.acme.test',
    });
    await call('POST', '/organizations/acme/operations-log', {
      project: 'storefront',
      environment: 'qa',
      entry_type: 'Deployed',
      description: 'first qa deploy',
      version: '2.0.0',
    });
    const { page, faults } = await signedIn('/console/organizations/acme/projects/storefront');
    const envs = page.getByRole('region', { name: 'Environments' });
    const ops = page.getByRole('region', { name: 'Operations log' });
    await envs.locator('tr[data-environment="qa"]').filter({ hasText: '2.0.0' }).waitFor();

    const posted = await call('POST', '/organizations/acme/operations-log', {
      project: 'storefront',
      environment: 'qa',
      entry_type: 'Deployed',
      description: 'storefront 2.1.0 to qa',
      version: '2.1.0',
    });
    await page.reload();
    const row = ops.locator(`tr[data-operation="${posted.id as string}"]`);
    await row.waitFor();
    // The environment by its name.
    expect((await row.locator('td').allInnerTexts()).slice(0, 4)).toEqual([
      expect.any(String),
      'Deployed: storefront 2.1.0 to qa (version 2.1.0)',
      'QA',
      expect.stringMatching(/^(open|completed)$/),
    ]);
    // Newest first: the new entry above the first deploy.
    expect(await ops.locator('tr[data-operation]').first().getAttribute('data-operation')).toBe(posted.id);
    const qaRow = envs.locator('tr[data-environment="qa"]');
    await qaRow.filter({ hasText: '2.1.0' }).waitFor();
    expect(await qaRow.innerText()).toContain('https://qa.storefront.acme.test');
    // An entry whose environment is gone keeps the slug it was recorded with.
    await call('POST', '/environments', { slug: 'sandbox', name: 'Sandbox' });
    const sandboxed = await call('POST', '/organizations/acme/operations-log', {
      project: 'storefront',
      environment: 'sandbox',
      entry_type: 'Configured',
      description: 'sandbox settings',
    });
    await call('DELETE', '/environments/sandbox');
    await page.reload();
    const gone = ops.locator(`tr[data-operation="${sandboxed.id as string}"]`);
    await gone.waitFor();
    expect(await gone.locator('td').nth(2).innerText()).toBe('sandbox');
    expect(await row.locator('td').nth(2).innerText()).toBe('QA');
    // An open entry: the admin may complete it (asked of POST /auth/can), and does.
    const open = await call('POST', '/organizations/acme/operations-log', {
      project: 'storefront',
      environment: 'qa',
      entry_type: 'Maintenance',
      description: 'database migration',
      status: 'open',
    });
    await page.reload();
    const openRow = ops.locator(`tr[data-operation="${open.id as string}"]`);
    await openRow.getByRole('button', { name: 'Complete database migration' }).click();
    await ops.getByRole('status').filter({ hasText: 'Marked as completed.' }).waitFor();
    await ops.getByRole('link', { name: 'Record an entry' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await check(page, 'project-operations-log');
    expect(faults).toEqual([]);
    expect(await secretsExposed(page, [...secrets])).toEqual([]);
    await page.context().close();
  }, 90_000);
});
