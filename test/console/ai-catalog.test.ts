// The AI catalog's edit forms in Debian's chromium against `keel serve`: a provider's name, base URL,
// region and enabled flag, and a model's slug, display name, kind and limits, each checked as stored
// through the API; a refused value is said at its field and changes nothing stored; a role that may not
// change the catalog sees no edit control, and one that may edit but not set keys cannot move a stored
// key. Every form open: axe-core with no violation of any impact at 1440 and 390 px, screenshots; no
// secret in the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../src/console/build.js';
import { FakeVendor } from '../catalog/vendors.js';
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
let vendor: FakeVendor;
const secrets = new Set<string>();
const ORG = '/organizations/vandelay';
const apiKey = 'sk-vandelay-7c41e0b9d2';
const ids: Record<string, string> = {};

/** A fresh admin token for each call: the suite may outlive one. */
async function call(method: string, path: string, body?: unknown) {
  const token = await keel.token(keel.admin.email, keel.admin.password);
  secrets.add(token);
  const res = await keel.call(method, path, token, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  await ensureConsoleBuilt({ quiet: true });
  // Discovery against the local vendor server (127.0.0.1) is allowed.
  keel = await startKeel({ KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  secrets.add(keel.admin.password);
  secrets.add(apiKey);
  vendor = await new FakeVendor('b').start();
  vendor.models = [{ id: 'latex-1' }, { id: 'latex-2' }];
  await call('POST', '/organizations', { slug: 'vandelay', name: 'Vandelay Industries' });
  ids.lab = (
    await call('POST', `${ORG}/ai-providers`, {
      driver: 'vendor_b_compatible',
      name: 'Lab server',
      base_url: 'http://127.0.0.1:9/v1',
    })
  ).id as string;
  ids.bedrock = (
    await call('POST', `${ORG}/ai-providers`, {
      driver: 'cloud_a',
      name: 'Bedrock',
      region: 'us-east-1',
    })
  ).id as string;
  ids.model = (
    await call('POST', `${ORG}/ai-models`, {
      provider_id: ids.lab,
      model_id: 'Latex-Large',
      slug: 'latex-large',
      kind: 'chat',
      context_window: 8000,
    })
  ).id as string;
  await call('POST', `${ORG}/ai-models`, { provider_id: ids.lab, model_id: 'other', slug: 'taken-one' });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vendor?.close();
  await keel?.stop();
});

async function signedIn(
  who: { email: string; password: string } = keel.admin,
  at: Keel = keel,
): Promise<{ page: Page; faults: string[] }> {
  const opened = await openPage(browser);
  const { page } = opened;
  collectTokens(page, secrets);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignInForm(page, `${at.base}/console/ai-catalog`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.getByRole('heading', { name: 'Providers' }).waitFor();
  return opened;
}

/** axe-core finds nothing at 1440 and 390 px, nothing scrolls sideways; screenshots of both. */
async function check(page: Page, name: string): Promise<void> {
  expect(await pageProblems(page, `ai-catalog-${name}`), name).toEqual([]);
}

/** The page's end: no CSP violation or script error, no secret anywhere. */
async function close(opened: { page: Page; faults: string[] }): Promise<void> {
  expect(opened.faults).toEqual([]);
  expect(await secretsExposed(opened.page, [...secrets])).toEqual([]);
  await opened.page.context().close();
}

const fieldError = (form: Locator, pointer: string) =>
  form.locator(`[data-pointer="${pointer}"] .field-error`);

describe('the AI catalog edit forms', () => {
  it("changes a provider's base URL, region and enabled flag; a refused value is said at its field", async () => {
    const opened = await signedIn();
    const { page } = opened;
    const lab = page.locator('li[data-provider="Lab server"]');
    await lab.getByRole('button', { name: 'Edit provider Lab server' }).click();
    // The form opens in the provider's own card.
    const form = lab.getByRole('form', { name: 'Edit provider Lab server' });
    expect(await form.locator('[data-pointer="/base_url"] .hint').textContent()).toBe(
      'http:// or https:// and a host, e.g. https://llm.example.com/v1, without a user name, password, query or fragment. Required for this driver.',
    );
    // A cloud driver's region only: an OpenAI-compatible server without one shows no region field.
    expect(await form.getByLabel('Region').count()).toBe(0);

    // A base URL that is not http(s): the API's words at the field, nothing stored.
    await form.getByLabel('Base URL').fill('ftp://files.example.com/v1');
    await form.getByRole('button', { name: 'Save provider' }).click();
    await fieldError(form, '/base_url').waitFor();
    expect(await fieldError(form, '/base_url').textContent()).toBe('scheme must be http or https');
    expect(await form.getByLabel('Base URL').getAttribute('aria-invalid')).toBe('true');
    await form
      .getByRole('alert')
      .filter({ hasText: 'Not saved: one field needs another value, said under it.' })
      .waitFor();
    await check(page, 'provider-edit-refused');
    expect(await call('GET', `${ORG}/ai-providers/${ids.lab}`)).toMatchObject({
      base_url: 'http://127.0.0.1:9/v1',
      enabled: true,
    });

    // The local vendor server's URL, and disabled: announced, shown in the card, stored.
    await form.getByLabel('Base URL').fill(vendor.baseUrl);
    await form.getByLabel('Enabled').uncheck();
    await form.getByRole('button', { name: 'Save provider' }).click();
    await page.getByRole('status').filter({ hasText: 'Provider Lab server saved.' }).waitFor();
    await form.waitFor({ state: 'detached' });
    await lab.filter({ hasText: vendor.baseUrl }).filter({ hasText: 'disabled' }).waitFor();
    expect(await call('GET', `${ORG}/ai-providers/${ids.lab}`)).toMatchObject({
      base_url: vendor.baseUrl,
      enabled: false,
    });
    // Discovery now reaches the local server at the new URL.
    await lab.getByRole('button', { name: 'Test connection and discover' }).click();
    await lab.getByRole('status').filter({ hasText: 'Connection works: 2 models offered.' }).waitFor();
    expect(vendor.requests.length).toBeGreaterThan(0);

    // Enabled again.
    await lab.getByRole('button', { name: 'Edit provider Lab server' }).click();
    await form.getByLabel('Enabled').check();
    await form.getByRole('button', { name: 'Save provider' }).click();
    await page.getByRole('status').filter({ hasText: 'Provider Lab server saved.' }).waitFor();
    await form.waitFor({ state: 'detached' });
    expect((await call('GET', `${ORG}/ai-providers/${ids.lab}`)).enabled).toBe(true);
    expect(await lab.textContent()).not.toContain('disabled');

    // A cloud provider's region: a refused one said in words, then a new one stored.
    const bedrock = page.locator('li[data-provider="Bedrock"]');
    await bedrock.filter({ hasText: 'region us-east-1' }).waitFor();
    await bedrock.getByRole('button', { name: 'Edit provider Bedrock' }).click();
    const cloud = bedrock.getByRole('form', { name: 'Edit provider Bedrock' });
    expect(await cloud.getByLabel('Region').inputValue()).toBe('us-east-1');
    await cloud.getByLabel('Region').fill('eu central 1');
    await cloud.getByRole('button', { name: 'Save provider' }).click();
    await fieldError(cloud, '/region').waitFor();
    const regionError = (await fieldError(cloud, '/region').textContent())!;
    expect(regionError).toContain('must be a region name like us-east-1');
    expect(regionError).not.toMatch(/\^|\$|\[|pattern|null/);
    await check(page, 'provider-edit-region-refused');
    expect((await call('GET', `${ORG}/ai-providers/${ids.bedrock}`)).region).toBe('us-east-1');
    await cloud.getByLabel('Region').fill('eu-central-1');
    await cloud.getByRole('button', { name: 'Save provider' }).click();
    await page.getByRole('status').filter({ hasText: 'Provider Bedrock saved.' }).waitFor();
    await bedrock.filter({ hasText: 'region eu-central-1' }).waitFor();
    expect(await call('GET', `${ORG}/ai-providers/${ids.bedrock}`)).toMatchObject({
      region: 'eu-central-1',
      base_url: null,
      enabled: true,
    });
    // A cloud driver authenticates with the runtime's identity: no key is offered, on its card or when
    // a new provider of that driver is added; a key-based driver's card keeps its field.
    expect(await bedrock.getByLabel('New API key for Bedrock').count()).toBe(0);
    expect(await bedrock.getByRole('button', { name: 'Set key' }).count()).toBe(0);
    // Nor a discovery: a cloud driver has no model list to ask.
    expect(await bedrock.getByRole('button', { name: 'Test connection and discover' }).count()).toBe(0);
    await lab.getByRole('button', { name: 'Test connection and discover' }).waitFor();
    await lab.getByLabel('New API key for Lab server').waitFor();
    const fresh = page.getByRole('form', { name: 'New AI provider' });
    await fresh.getByLabel('Driver').selectOption({ label: 'Amazon Bedrock' });
    expect(await fresh.getByLabel('API key (optional)').count()).toBe(0);
    await fresh.getByLabel('Driver').selectOption({ label: 'OpenAI' });
    await fresh.getByLabel('API key (optional)').waitFor();
    // A base URL is shown whole: its field takes the form's full width at 1440 px.
    await lab.getByRole('button', { name: 'Edit provider Lab server' }).click();
    const urlBox = (await form.getByLabel('Base URL').boundingBox())!;
    const formBox = (await form.boundingBox())!;
    expect(urlBox.width / formBox.width).toBeGreaterThan(0.8);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await close(opened);
  }, 90_000);

  it("changes a model's slug, display name, kind and limits; refused values are said at their fields", async () => {
    const opened = await signedIn();
    const { page } = opened;
    const row = page.locator('tr[data-model="Latex-Large"]');
    await row.getByRole('button', { name: 'Edit latex-large' }).click();
    // The editor opens in the row right under the model's.
    const editor = page
      .locator('tr[data-model="Latex-Large"] + tr')
      .getByRole('form', { name: 'Edit model latex-large' });
    expect(await editor.getByLabel('Context window (tokens, optional)').inputValue()).toBe('8000');
    expect(await editor.locator('[data-pointer="/context_window"] .hint').textContent()).toBe(
      'A whole number from 1 to 100,000,000. Empty: unknown.',
    );
    const before = await call('GET', `${ORG}/ai-models/${ids.model}`);

    // A slug with spaces and a negative limit: each said at its field, nothing stored.
    await editor.getByLabel('Slug').fill('Latex Large');
    await editor.getByLabel('Context window (tokens, optional)').fill('-5');
    await editor.getByRole('button', { name: 'Save model' }).click();
    await fieldError(editor, '/context_window').waitFor();
    expect(await fieldError(editor, '/context_window').textContent()).toBe('must be at least 1');
    expect(await fieldError(editor, '/slug').textContent()).toBe(
      'must be a model slug: lower-case letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit',
    );
    await editor
      .getByRole('alert')
      .filter({ hasText: 'Not saved: 2 fields need another value, said under each.' })
      .waitFor();
    await check(page, 'model-edit-refused');
    expect(await call('GET', `${ORG}/ai-models/${ids.model}`)).toEqual(before);

    // A slug another model has: the API's 409 in words, at the slug too; nothing stored.
    await editor.getByLabel('Slug').fill('taken-one');
    await editor.getByLabel('Context window (tokens, optional)').fill('8000');
    await editor.getByRole('button', { name: 'Save model' }).click();
    await editor
      .getByRole('alert')
      .filter({ hasText: 'A model with slug taken-one already exists in this organization.' })
      .waitFor();
    expect(await fieldError(editor, '/slug').textContent()).toBe(
      'another model of this organization has it; choose another',
    );
    expect(await call('GET', `${ORG}/ai-models/${ids.model}`)).toEqual(before);

    // Slug, display name, kind and limits: announced, shown in the row, stored.
    await editor.getByLabel('Slug').fill('latex-xl');
    await editor.getByLabel('Display name (optional)').fill('Latex XL');
    await editor.getByLabel('Kind').selectOption('embedding');
    await editor.getByLabel('Context window (tokens, optional)').fill('32000');
    await editor.getByLabel('Longest answer (tokens, optional)').fill('4096');
    await editor.getByLabel('Default temperature (optional)').fill('0.7');
    await editor.getByRole('button', { name: 'Save model' }).click();
    await page.getByRole('status').filter({ hasText: 'Model latex-xl saved.' }).waitFor();
    await row
      .filter({ hasText: 'Latex XL' })
      .filter({ hasText: 'latex-xl' })
      .filter({ hasText: 'embedding' })
      .waitFor();
    expect(await call('GET', `${ORG}/ai-models/${ids.model}`)).toMatchObject({
      model_id: 'Latex-Large',
      slug: 'latex-xl',
      name: 'Latex XL',
      kind: 'embedding',
      context_window: 32000,
      max_output_tokens: 4096,
      default_temperature: 0.7,
    });

    // Emptied limits are unknown (null); an emptied display name is the model ID.
    await row.getByRole('button', { name: 'Edit latex-xl' }).click();
    const again = page
      .locator('tr[data-model="Latex-Large"] + tr')
      .getByRole('form', { name: 'Edit model latex-xl' });
    await again.getByLabel('Display name (optional)').fill('');
    await again.getByLabel('Context window (tokens, optional)').fill('');
    await again.getByLabel('Longest answer (tokens, optional)').fill('');
    await check(page, 'model-edit-open');
    await again.getByRole('button', { name: 'Save model' }).click();
    await page.getByRole('status').filter({ hasText: 'Model latex-xl saved.' }).waitFor();
    await again.waitFor({ state: 'detached' });
    expect(await call('GET', `${ORG}/ai-models/${ids.model}`)).toMatchObject({
      slug: 'latex-xl',
      name: 'Latex-Large',
      context_window: null,
      max_output_tokens: null,
      default_temperature: 0.7,
    });
    await close(opened);
  }, 90_000);

  it('shows no edit control to a reader, and keeps a stored key where it is for an editor without key rights', async () => {
    await call('PUT', `${ORG}/ai-providers/${ids.lab}/credentials`, { api_key: apiKey });
    await call('POST', '/roles', {
      slug: 'ai-readers',
      name: 'AI readers',
      permissions: ['ai_model:read', 'organization:read'],
    });
    await call('POST', '/roles', {
      slug: 'ai-editors',
      name: 'AI editors',
      permissions: ['ai_model:read', 'ai_model:update', 'organization:read'],
    });
    const reader = { email: 'reader@vandelay.example', password: 'reader-Passw0rd-58' };
    const editor = { email: 'editor@vandelay.example', password: 'editor-Passw0rd-71' };
    for (const [who, role] of [
      [reader, 'ai-readers'],
      [editor, 'ai-editors'],
    ] as const) {
      secrets.add(who.password);
      await call('POST', '/users', { ...who, display_name: role });
      await call('PUT', `/users/${encodeURIComponent(who.email)}/roles/${role}`);
    }

    const read = await signedIn(reader);
    await read.page.locator('li[data-provider="Lab server"]').waitFor();
    await read.page.locator('tr[data-model="Latex-Large"]').waitFor();
    await read.page
      .locator('[data-not-allowed]')
      .filter({ hasText: 'To edit providers and models' })
      .waitFor();
    expect(await read.page.locator('main button').count()).toBe(0);
    expect(await read.page.locator('main form').count()).toBe(0);
    await check(read.page, 'reader');
    await close(read);

    // An editor who may not set keys: the keyed provider's base URL stays (the field is disabled and says
    // why), its other settings change; a provider without a key may be pointed elsewhere.
    const edit = await signedIn(editor);
    const { page } = edit;
    const lab = page.locator('li[data-provider="Lab server"]');
    await lab.getByRole('button', { name: 'Edit provider Lab server' }).click();
    const form = lab.getByRole('form', { name: 'Edit provider Lab server' });
    expect(await form.getByLabel('Base URL').isDisabled()).toBe(true);
    expect(await form.locator('[data-pointer="/base_url"] .hint').textContent()).toBe(
      'Changing it also needs the permission ai_model:credentials: the stored key is sent wherever it points.',
    );
    await check(page, 'editor-keyed-provider');
    await form.getByLabel('Name', { exact: true }).fill('Lab GPU server');
    await form.getByRole('button', { name: 'Save provider' }).click();
    await page.getByRole('status').filter({ hasText: 'Provider Lab GPU server saved.' }).waitFor();
    expect(await call('GET', `${ORG}/ai-providers/${ids.lab}`)).toMatchObject({
      name: 'Lab GPU server',
      base_url: vendor.baseUrl,
      has_credentials: true,
    });
    const bedrock = page.locator('li[data-provider="Bedrock"]');
    await bedrock.getByRole('button', { name: 'Edit provider Bedrock' }).click();
    expect(
      await bedrock.getByRole('form', { name: 'Edit provider Bedrock' }).getByLabel('Base URL').isDisabled(),
    ).toBe(false);
    // Neither deleting nor keys: those controls are not there.
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set key' }).count()).toBe(0);
    await close(edit);
  }, 90_000);

  it('says after a save what will not work as configured: a base URL on a private network', async () => {
    // A server that refuses private networks (the default): the API warns when one is configured.
    const strict = await startKeel();
    try {
      secrets.add(strict.admin.password);
      const token = await strict.token(strict.admin.email, strict.admin.password);
      secrets.add(token);
      expect(
        (await strict.call('POST', '/organizations', token, { slug: 'vandelay', name: 'Vandelay' })).status,
      ).toBe(201);
      const made = await strict.call('POST', `${ORG}/ai-providers`, token, {
        driver: 'vendor_b',
        name: 'Gateway',
      });
      expect(made.status).toBe(201);
      const opened = await signedIn(strict.admin, strict);
      const { page } = opened;
      const card = page.locator('li[data-provider="Gateway"]');
      await card.getByRole('button', { name: 'Edit provider Gateway' }).click();
      const form = card.getByRole('form', { name: 'Edit provider Gateway' });
      expect(await form.locator('[data-pointer="/base_url"] .hint').textContent()).toContain(
        "Empty: https://api.openai.com/v1 (the driver's default).",
      );
      await form.getByLabel('Base URL').fill('http://10.0.0.5/v1');
      await form.getByRole('button', { name: 'Save provider' }).click();
      await page.getByRole('status').filter({ hasText: 'Provider Gateway saved.' }).waitFor();
      await card
        .locator('[data-warning]')
        .filter({
          hasText:
            'Saved, but 10.0.0.5 is a private or reserved address: calls to it (discovery) will be refused until the operator sets KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS=true.',
        })
        .waitFor();
      await check(page, 'provider-private-warning');
      expect(
        (await strict.call('GET', `${ORG}/ai-providers/${String(made.body.id)}`, token)).body.base_url,
      ).toBe('http://10.0.0.5/v1');
      await close(opened);
    } finally {
      await strict.stop();
    }
  }, 120_000);
});
