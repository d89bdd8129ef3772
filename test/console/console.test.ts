// The admin console in a real browser (issue 16): Debian's chromium against `keel serve` on the embedded
// default. Each test checks axe-core, CSP violations and secrets, and leaves a screenshot.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../src/console/build.js';
import { FakeVendor } from '../catalog/vendors.js';
import { startOp } from '../oauth/support/op.js';
import {
  SCREENSHOTS,
  launchChromium,
  openPage,
  screenshot,
  pageProblems,
  openSignInForm,
  secretsExposed,
  startKeel,
  type Keel,
  collectTokens,
} from './browser.js';

let keel: Keel;
let browser: Browser;
/** A fresh admin token: tokens in this file live 60 s. */
async function adminToken(): Promise<string> {
  const token = await keel.token(keel.admin.email, keel.admin.password);
  secrets.add(token);
  return token;
}
const plain = { email: 'dev@example.com', password: 'plain-user-Passw0rd-42' };
const oauthSecret = 'client-secret-9f3b2c7d1e';
/** Every secret the service or the test handed out: none may reach the DOM, the URL or storage. */
const secrets = new Set<string>([oauthSecret, plain.password]);
const pages: { page: Page; faults: string[]; name: string }[] = [];

beforeAll(async () => {
  await ensureConsoleBuilt({ quiet: true });
  keel = await startKeel({
    KEEL_AUTH_PROVIDER_CACHE_SECONDS: '0',
    // An OpenID provider's verified email signs in as the user who has it.
    KEEL_AUTH_OAUTH_AUTO_LINK_BY_EMAIL: 'true',
    KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    // The shortest access token the API allows, so the console must renew it while a person works.
    KEEL_AUTH_ACCESS_TOKEN_TTL: '60',
  });
  secrets.add(keel.admin.password);
  const created = await keel.call('POST', '/users', await adminToken(), { ...plain, display_name: 'Dev' });
  expect(created.status).toBe(201);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await keel?.stop();
});

/** A page's end: a screenshot, no CSP violation or script error, no secret anywhere; then it is closed. */
async function retire(p: { page: Page; faults: string[] }, name: string): Promise<void> {
  await screenshot(p.page, name);
  expect(p.faults).toEqual([]);
  expect(await secretsExposed(p.page, [...secrets])).toEqual([]);
  await p.page.context().close();
}

/** Every page a test opened and left open. */
afterEach(async (ctx) => {
  for (const [i, p] of pages.entries()) {
    await retire(p, `${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}${i ? `-${i}` : ''}`);
  }
  pages.length = 0;
});

/**
 * Ends a page before the test goes on: a page left open keeps polling and renewing its session (every
 * 5 s with this file's 60 s tokens), work the browser and the server do beside the test's next page.
 */
async function closePage(page: Page, name: string): Promise<void> {
  const i = pages.findIndex((p) => p.page === page);
  await retire(pages[i]!, name);
  pages.splice(i, 1);
}

async function newPage(): Promise<Page> {
  const opened = await openPage(browser);
  pages.push({ ...opened, name: '' });
  // Every token the API hands this browser joins the secrets that must never be shown or stored.
  collectTokens(opened.page, secrets);
  return opened.page;
}

async function signIn(page: Page, who: { email: string; password: string }, at = '/console/'): Promise<void> {
  await openSignInForm(page, `${keel.base}${at}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  await page.getByRole('navigation').getByRole('link').first().waitFor();
}

/** A password login through the API; its tokens join the secrets. */
async function passwordLogin(who: { email: string; password: string }) {
  const res = await fetch(`${keel.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const tokens = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  secrets.add(tokens.access_token);
  secrets.add(tokens.refresh_token);
  return tokens;
}

/**
 * A plain user opening console page `at` directly is told in words why the API refuses `apiPath` (403):
 * "missing permission x:read" is "Your role does not allow this: it needs the permission x:read.", any
 * other reason as the API gives it.
 */
async function expectRefusedPage(page: Page, at: string, apiPath: string): Promise<void> {
  const refused = await keel.call('GET', apiPath, (await passwordLogin(plain)).access_token);
  expect(refused.status).toBe(403);
  const detail = refused.body.detail as string;
  const missing = /^missing permission (.+)$/.exec(detail)?.[1];
  await signIn(page, plain, at);
  await page
    .getByRole('alert')
    .filter({
      hasText: missing ? `Your role does not allow this: it needs the permission ${missing}.` : detail,
    })
    .waitFor();
}

let checks = 0;
/** axe-core finds no violation of any impact at 1440 and at 390 px, and nothing scrolls sideways at 390 px. */
async function expectAccessible(page: Page): Promise<void> {
  const name = `console-${expect
    .getState()
    .currentTestName?.replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()}-${++checks}`;
  expect(await pageProblems(page, name)).toEqual([]);
}

describe('serving /console', () => {
  it('serves the built app with a strict CSP, gzip, hashed assets and the OAuth callback redirect', async () => {
    const index = await fetch(`${keel.base}/console/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(index.status).toBe(200);
    const csp = index.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // The page also gets the headers meant for HTML documents, besides the API's.
    expect(index.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await index.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/https?:\/\//);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${keel.base}${script}`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    // A deep link is the app; a missing file is a problem, not the app.
    expect((await fetch(`${keel.base}/console/schedules/nightly`)).headers.get('content-type')).toContain(
      'text/html',
    );
    const missing = await fetch(`${keel.base}/console/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    const traversal = await fetch(`${keel.base}/console/..%2f..%2fpackage.json`);
    expect([400, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toContain('"dependencies"');
    const bare = await fetch(`${keel.base}/console`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/console/');
    const callback = await fetch(`${keel.base}/login/callback`, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/console/callback');
  });
});

describe('sign-in', () => {
  it('offers the local password and one button per enabled provider, and shows the API problem', async () => {
    const put = await keel.call('PUT', '/admin/oauth-providers/oidc', await adminToken(), {
      name: 'Company SSO',
      enabled: true,
      client_id: 'keel-console',
      client_secret: 'initial-secret-5d1c9a',
      issuer_url: 'http://127.0.0.1:9',
    });
    secrets.add('initial-secret-5d1c9a');
    expect([200, 201]).toContain(put.status);
    const page = await newPage();
    await page.goto(`${keel.base}/console/`);
    const sso = page.getByRole('button', { name: 'Sign in with Company SSO' });
    await sso.waitFor();
    await expect(page.getByRole('button', { name: /^Sign in with / }).count()).resolves.toBe(1);
    await page.getByLabel('Email').fill(keel.admin.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong email or password' }).waitFor();
    await expectAccessible(page);
    // The provider button is a full-page navigation to the API's authorize route (the provider is down).
    const [request] = await Promise.all([page.waitForRequest(/\/auth\/oauth\/oidc\/authorize/), sso.click()]);
    expect(new URL(request.url()).searchParams.get('redirect_to')).toBe('/console/');
    await page.goto(`${keel.base}/console/`);
  });

  it('starts in a background tab, where the session check answers before the page first paints', async () => {
    // A background tab runs no animation frame and holds every timer for at least a second (Chrome's
    // throttling of hidden pages), so the console's first answer (POST /auth/session) comes long before
    // anything scheduled after the first render runs. A console that waited for that to listen for the
    // answer stayed at "Loading…" for good (seen in loaded test runs, the answer there within 8 ms).
    const page = await newPage();
    await page.addInitScript(`{
      window.requestAnimationFrame = () => 0;
      const later = window.setTimeout;
      window.setTimeout = (fn, ms, ...args) => later(fn, Math.max(1000, Number(ms) || 0), ...args);
    }`);
    await page.goto(`${keel.base}/console/`);
    await page.getByLabel('Email').waitFor({ timeout: 5000 });
    // Signed in, a reload in the background tab resumes the session the cookie holds.
    await page.getByLabel('Email').fill(plain.email);
    await page.getByLabel('Password').fill(plain.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 5000 });
  });

  it('takes OAuth tokens from the callback fragment, wipes them from the URL and lands on the page asked for', async () => {
    const login = await passwordLogin(plain);
    const page = await newPage();
    const fragment = new URLSearchParams({
      access_token: login.access_token,
      token_type: 'Bearer',
      expires_in: String(login.expires_in),
      refresh_token: login.refresh_token,
      provider: 'oidc',
      redirect_to: '/console/schedules',
    });
    await page.goto(`${keel.base}/login/callback#${fragment}`);
    await page.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor();
    expect(page.url()).toBe(`${keel.base}/console/schedules`);
    await expectAccessible(page);
  });
});

describe('sign-in with an OpenID provider', () => {
  it('goes through the provider and back, keeps the tokens out of the URL and lands on the page asked for', async () => {
    const clientSecret = 'oidc-client-secret-77e1a9c3';
    secrets.add(clientSecret);
    const op = await startOp({
      clientId: 'keel-console',
      clientSecret,
      redirectUri: `${keel.base}/auth/oauth/oidc/callback`,
    });
    try {
      op.accounts.set('dev-sub', { email: plain.email, email_verified: true, name: 'Dev' });
      const put = await keel.call('PUT', '/admin/oauth-providers/oidc', await adminToken(), {
        name: 'Company SSO',
        enabled: true,
        client_id: 'keel-console',
        client_secret: clientSecret,
        issuer_url: op.issuer,
      });
      expect([200, 201]).toContain(put.status);
      const page = await newPage();
      await page.goto(`${keel.base}/console/schedules`);
      await page.getByRole('button', { name: 'Sign in with Company SSO' }).click();
      // The provider's own (development) login and consent pages.
      await page.locator('input[name="login"]').fill('dev-sub');
      await page.locator('input[name="password"]').fill('any');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      await page.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor();
      expect(page.url()).toBe(`${keel.base}/console/schedules`);
      await page.getByText(plain.email, { exact: true }).first().waitFor();
      await expectAccessible(page);
    } finally {
      await op.close();
    }
  }, 60_000);
});

describe('shell and navigation by permission', () => {
  // 60 s: more than the sign-in form's own 30 s, so that a form that never comes fails saying what the
  // page and the server were doing (openSignInForm), not with the test's time running out.
  it('an admin sees every page; sign-out revokes the access token and the refresh token', async () => {
    const page = await newPage();
    const tokens: string[] = [];
    // Every access token the page was handed: at sign-in, then at each renewal (every 5 s here).
    const held: string[] = [];
    page.on('response', async (res) => {
      const path = new URL(res.url()).pathname;
      if (!/^\/auth\/(login|session)$/.test(path) || res.request().method() !== 'POST' || !res.ok()) return;
      // A renewal answered as the test closes the page cannot be read any more; it was never shown.
      const body = (await res.json().catch(() => null)) as {
        access_token: string;
        refresh_token?: string;
      } | null;
      if (!body) return;
      if (path === '/auth/login') tokens.push(body.access_token);
      held.push(body.access_token);
      // The refresh token travels in the HttpOnly cookie only, never to a script.
      expect(body.refresh_token).toBeUndefined();
    });
    let revoked: string | undefined;
    page.on('request', (req) => {
      if (req.url().endsWith('/auth/logout')) revoked = req.headers().authorization?.replace(/^Bearer /, '');
    });
    await signIn(page, keel.admin);
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const name of [
      'My consents',
      'Schedules',
      'OAuth providers',
      'AI catalog',
      'Plugin entities',
      'Pipeline health',
    ]) {
      await nav.getByRole('link', { name }).waitFor();
    }
    await expectAccessible(page);
    expect(tokens).toHaveLength(1);
    expect((await keel.call('GET', '/auth/me', tokens[0]!)).status).toBe(200);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'keel_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/auth/session' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Keel' }).waitFor();
    // Sign-out revokes the token the page held then: the sign-in's, or a renewal's when one came since.
    expect(revoked).toBe(held.at(-1));
    expect((await keel.call('GET', '/auth/me', revoked!)).status).toBe(401);
    // The browser no longer holds the cookie, and its value is refused by the API.
    expect((await page.context().cookies()).some((c) => c.name === 'keel_refresh')).toBe(false);
    const refreshed = await fetch(`${keel.base}/auth/session`, {
      method: 'POST',
      headers: { 'x-keel-csrf': '1', cookie: `keel_refresh=${cookie.value}` },
    });
    expect(refreshed.status).toBe(401);
    expect(JSON.stringify(await refreshed.json())).toContain('revoked');
    // A reload after sign-out is signed out.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Keel' }).waitFor();
  }, 60_000);

  it('stays signed in across a reload and in a new tab, with no token readable by a script', async () => {
    const page = await newPage();
    await signIn(page, plain, '/console/schedules');
    await page.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const tab = await page.context().newPage();
    await tab.goto(`${keel.base}/console/consents`);
    await tab.getByRole('heading', { name: 'My consents' }).waitFor();
    for (const p of [page, tab]) {
      expect(await p.evaluate('document.cookie')).toBe('');
      expect(await p.evaluate('localStorage.length + sessionStorage.length')).toBe(0);
      expect(p.url()).not.toMatch(/token/);
    }
    // Both tabs renewed from the one cookie (the lock makes them take turns): both still work.
    await tab.reload();
    await tab.getByRole('heading', { name: 'My consents' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'My consents' }).click();
    await page.getByRole('heading', { name: 'My consents' }).waitFor();
    // Signing out in one tab signs the other out too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await tab.getByRole('heading', { name: 'Sign in to Keel' }).waitFor();
    await tab.close();
  });

  it('a plain user sees no admin page, and an admin page opened directly shows the API 403', async () => {
    const page = await newPage();
    await expectRefusedPage(page, '/console/oauth-providers', '/admin/oauth-providers');
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Schedules' }).waitFor();
    for (const name of ['OAuth providers', 'AI catalog', 'Plugin entities', 'Analytics', 'Pipeline health']) {
      expect(await nav.getByRole('link', { name }).count()).toBe(0);
    }
    expect(await page.getByText('client_id').count()).toBe(0);
    await expectAccessible(page);
  });

  it('renews the access token before it ends and keeps working with the new one', async () => {
    const page = await newPage();
    const bearers = new Set<string>();
    page.on('request', (req) => {
      const auth = req.headers().authorization;
      if (auth && new URL(req.url()).pathname !== '/auth/logout') bearers.add(auth);
    });
    await signIn(page, plain);
    const renewed = await page.waitForResponse(
      (res) => res.url().endsWith('/auth/session') && res.request().method() === 'POST',
      { timeout: 20_000 },
    );
    expect(renewed.status()).toBe(200);
    expect(renewed.request().postData()).toBeNull();
    await page.getByRole('navigation').getByRole('link', { name: 'My consents' }).click();
    await page.getByRole('heading', { name: 'My consents' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Schedules' }).click();
    await page.getByRole('heading', { name: 'Schedules', level: 1 }).waitFor();
    expect(bearers.size).toBeGreaterThanOrEqual(2);
  }, 40_000);
});

describe('my consents', () => {
  it('records a consent, says in words what it allows, and revokes it', async () => {
    const page = await newPage();
    await signIn(page, plain);
    await page.getByRole('navigation').getByRole('link', { name: 'My consents' }).click();
    await page.getByRole('heading', { name: 'My consents' }).waitFor();
    await page.getByRole('button', { name: 'Record consent' }).click();
    const row = page.locator('tr[data-consent]').filter({ hasText: 'active' });
    await row.first().waitFor();
    await expect(row.first().textContent()).resolves.toContain('may call any Keel API route as you');
    const id = await row.first().getAttribute('data-consent');
    await expectAccessible(page);
    // Revoking asks first, then says it is done.
    await row
      .first()
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke consent' }).click();
    await page.getByRole('status').filter({ hasText: 'Consent revoked.' }).waitFor();
    await page.locator(`tr[data-consent="${id}"]`).filter({ hasText: 'revoked' }).waitFor();
    const stored = await keel.call('GET', `/consents/${id}`, await adminToken());
    expect(stored.body.status).toBe('revoked');
    // A past expiry is refused by the API; its message is placed at the field.
    await page.getByLabel('Expires (optional)').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Record consent' }).click();
    await page.locator('[data-pointer="/expires_at"] .field-error').filter({ hasText: 'future' }).waitFor();
  });
});

describe('schedules', () => {
  it('previews the next five runs in the chosen zone, shows 422 pointers, creates, fires and lists the run', async () => {
    const page = await newPage();
    await signIn(page, plain);
    await page.getByRole('navigation').getByRole('link', { name: 'Schedules' }).click();
    await page.getByRole('heading', { name: 'New schedule' }).waitFor();
    await page.getByLabel('Slug').fill('whoami');
    await page.getByLabel('Cron').fill('30 9 * * 1');
    await page.getByLabel('Time zone').fill('Asia/Tokyo');
    const occurrences = page.locator('ol.occurrences li');
    await expect.poll(() => occurrences.count()).toBe(5);
    for (const text of await occurrences.allTextContents()) {
      expect(text).toContain('Monday');
      expect(text).toContain('9:30');
      expect(text).toContain('(Asia/Tokyo)');
    }
    await page.getByLabel('Cron').fill('61 * * * *');
    await page.locator('.preview .field-error').waitFor();
    // The server's 422 pointer lands on the field it names.
    await page.getByLabel('Cron').fill('0 0 31 2 *');
    await page.getByLabel('API path').fill('https://example.com/steal');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.locator('[data-pointer="/cron"] .field-error').filter({ hasText: 'never occurs' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'cron: never occurs' }).waitFor();
    await page.getByLabel('Cron').fill('*/5 * * * *');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.locator('[data-pointer="/target/path"] .field-error').waitFor();
    expect(await page.locator('[data-pointer="/cron"] .field-error').count()).toBe(0);
    await expectAccessible(page);
    await page.getByLabel('API path').fill('/auth/me');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    const row = page.locator('tr[data-schedule="whoami"]');
    await row.waitFor();
    await page.getByRole('button', { name: 'Pause whoami' }).click();
    await row.filter({ hasText: 'paused' }).waitFor();
    await page.getByRole('button', { name: 'Resume whoami' }).click();
    await page.getByRole('button', { name: 'Pause whoami' }).waitFor();
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Run history' }).waitFor();
    await page.getByRole('button', { name: 'Fire now' }).click();
    const succeeded = page.locator('tr[data-run][data-state="succeeded"]');
    await expect
      .poll(
        async () => {
          if ((await succeeded.count()) === 0)
            await page.getByRole('button', { name: 'Refresh history' }).click();
          return succeeded.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    const cells = await succeeded.locator('td').allTextContents();
    expect(cells).toContain('manual');
    expect(cells).toContain('200');
    expect(cells).toContain(plain.email);
    await page.getByRole('img', { name: /Runs per day by state\..*1 succeeded/ }).waitFor();
    await expectAccessible(page);
    // Its edit form has the same target fields and preview as the new-schedule form.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit schedule' });
    expect(await edit.getByLabel('API path').inputValue()).toBe('/auth/me');
    await edit.getByRole('heading', { name: 'Next five runs' }).waitFor();
    expect(await edit.locator('ol.occurrences li').count()).toBe(5);
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  }, 60_000);
});

describe('OAuth providers', () => {
  it('edits a provider and replaces its secret without ever showing it; a mask is refused at the field', async () => {
    const page = await newPage();
    await signIn(page, keel.admin);
    await page.getByRole('navigation').getByRole('link', { name: 'OAuth providers' }).click();
    // The SPEC keys stay the slugs; people read the login service's name.
    await page
      .locator('tr[data-provider="provider_b"] td[data-login-service]')
      .filter({ hasText: 'GitHub' })
      .waitFor();
    await page.getByRole('button', { name: 'Configure provider_b' }).click();
    await page.getByRole('heading', { name: 'Configure GitHub provider_b' }).waitFor();
    await page.getByLabel('Display name').fill('Code host');
    await page.getByLabel('Client ID').fill('code-host-client');
    // No secret is stored yet: the field asks for one rather than offering to replace it.
    await page.getByLabel('Client secret').fill('••••••••');
    await page.getByRole('button', { name: 'Save provider' }).click();
    await page.locator('[data-pointer="/client_secret"] .field-error').waitFor();
    // The field says what is wrong; the banner above says where, without the same words again.
    await page.getByRole('alert').filter({ hasText: 'one field needs another value' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'masked value' }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByLabel('Client secret').fill(oauthSecret);
    await page.getByLabel('Enabled (shown on the sign-in page)').check();
    await page.getByRole('button', { name: 'Save provider' }).click();
    await page.locator('tr[data-provider="provider_b"] td[data-has-secret="true"]').waitFor();
    const stored = await keel.call('GET', '/admin/oauth-providers/provider_b', await adminToken());
    expect(stored.body).toMatchObject({ name: 'Code host', enabled: true, has_secret: true });
    // Editing again starts from an empty secret field and keeps the stored secret.
    await page.getByRole('button', { name: 'Edit provider_b' }).click();
    await expect(page.getByLabel('Replace secret').inputValue()).resolves.toBe('');
    await page.getByText('A secret is stored. Leave empty to keep it.').waitFor();
    await page.getByLabel('Display name').fill('Code host login');
    await page.getByRole('button', { name: 'Save provider' }).click();
    await page.locator('tr[data-provider="provider_b"]').filter({ hasText: 'Code host login' }).waitFor();
    expect(
      (await keel.call('GET', '/admin/oauth-providers/provider_b', await adminToken())).body.has_secret,
    ).toBe(true);
  });
});

interface Figures {
  usable_ms: number;
  dom_content_loaded_ms: number;
  me_api_ms?: number;
  schedules_api_ms?: number;
  gzipped_js_css_bytes: number;
  decoded_js_css_bytes: number;
  assets: number;
}

describe('pipeline health', () => {
  it('shows admins the outbox and sink figures and refreshes them; a plain user gets the API 403', async () => {
    const page = await newPage();
    await signIn(page, keel.admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Pipeline health' }).click();
    await page.locator('[data-figure="depth"]').waitFor();
    expect(await page.locator('[data-figure="depth"]').textContent()).toMatch(
      /^\d[\d,]*$|^not measured here$/,
    );
    const polls = () =>
      page.waitForResponse((r) => r.url().endsWith('/admin/pipeline') && r.status() === 200);
    await polls();
    await polls();
    await expectAccessible(page);
    // The admin's page stops polling before the plain user's signs in.
    await closePage(page, 'pipeline-health-admin');
    await expectRefusedPage(await newPage(), '/console/pipeline', '/admin/pipeline');
    // Three password logins (argon2id, 19 MiB each), two refreshes 3 s apart by design, axe-core and a
    // full-page screenshot at two widths: about 9 s alone, about 20 s beside two other browser files on
    // two cores. 40 s left no room for a busier moment of the full suite.
  }, 60_000);
});

describe('plugin entities', () => {
  it('creates an entity through the form generated from its schema, with a 422 pointer at its field, and an edge', async () => {
    const manifest = fs.readFileSync(
      path.join(import.meta.dirname, '../../examples/plugins/cloud-accounts.yaml'),
      'utf8',
    );
    const admin = await adminToken();
    expect((await keel.call('POST', '/admin/plugins', admin, { manifest })).status).toBe(201);
    const env = await keel.call('POST', '/environments', admin, { slug: 'prod', name: 'Production' });
    expect(env.status).toBe(201);
    const page = await newPage();
    await signIn(page, keel.admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Plugin entities' }).click();
    await page.getByRole('heading', { name: 'New CloudAccount' }).waitFor();
    const form = page.getByRole('form', { name: 'New CloudAccount' });
    // The schema's order (the required members as the manifest lists them first), not the stored one.
    expect((await form.locator('label').allTextContents()).slice(0, 3)).toEqual([
      'provider (required)',
      'account_id (required)',
      'name (required)',
    ]);
    // What a field expects, in words: no pattern shown.
    expect(await form.locator('[data-pointer="/account_id"] .hint').textContent()).toBe(
      '3 to 64 lower-case letters, digits and dashes',
    );
    await form.getByLabel('provider (required)').selectOption({ label: 'aws' });
    await form.getByLabel('account_id (required)').fill('Not A Valid Id');
    await form.getByLabel('name (required)').fill('Production account');
    await form.getByLabel('team (required)').fill('platform');
    await form.getByRole('button', { name: 'Add to regions' }).click();
    await form.getByLabel('regions 1').fill('eu-west-1');
    await form.getByLabel('monthly_budget_usd').fill('12.5');
    await form.getByRole('button', { name: 'Create CloudAccount' }).click();
    // The server's pointer /account_id is shown at that field, and only there.
    const message = form.locator('[data-pointer="/account_id"] .field-error');
    await message.waitFor();
    expect(await message.textContent()).toBe(
      'Not accepted: expected 3 to 64 lower-case letters, digits and dashes.',
    );
    expect(await form.textContent()).not.toMatch(/pattern|\^\[/);
    expect(await form.locator('.field-error').count()).toBe(1);
    await expect(form.getByLabel('account_id (required)').getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
    await form.getByLabel('account_id (required)').fill('prod-123');
    await form.getByRole('button', { name: 'Create CloudAccount' }).click();
    const row = page.locator('tr[data-entity]').filter({ hasText: 'prod-123' });
    await row.waitFor();
    const entityId = (await row.getAttribute('data-entity'))!;
    const stored = await keel.call(
      'GET',
      `/admin/plugins/cloud-accounts/entities/CloudAccount/${entityId}`,
      admin,
    );
    expect(stored.body.properties).toEqual({
      provider: 'aws',
      account_id: 'prod-123',
      name: 'Production account',
      owner: { team: 'platform' },
      regions: ['eu-west-1'],
      monthly_budget_usd: 12.5,
    });
    // Edges of the plugin: Environment MAPS_TO CloudAccount.
    await page
      .getByLabel('Plugin and label')
      .selectOption({ label: 'Cloud accounts: Environment MAPS_TO CloudAccount (edges)' });
    const edgeForm = page.getByRole('form', { name: 'New MAPS_TO edge' });
    // Both ends are chosen by name, never typed as ids: the environments, and the plugin's entities of
    // the target label searched as typed.
    await edgeForm.getByRole('combobox', { name: 'Environment', exact: true }).click();
    await edgeForm.getByRole('option', { name: /^Production/ }).click();
    await edgeForm.getByRole('combobox', { name: 'CloudAccount', exact: true }).fill('production');
    await edgeForm.getByRole('option', { name: 'Production account' }).click();
    expect(await edgeForm.getByLabel(/ id$/).count()).toBe(0);
    await edgeForm.getByLabel('role').selectOption({ label: 'primary' });
    await edgeForm.getByRole('button', { name: 'Create edge' }).click();
    const edgeRow = page.locator(`tr[data-edge="${env.body.id}/${entityId}"]`);
    await edgeRow.filter({ hasText: 'role: primary' }).waitFor();
    // Both ends by name, never by id.
    expect(await edgeRow.textContent()).toContain('Production');
    expect(await edgeRow.textContent()).toContain('Production account');
    expect(await edgeRow.textContent()).not.toContain(entityId);
    await expectAccessible(page);
    // Removing it asks first.
    await edgeRow.getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link removed.' }).waitFor();
    await expect.poll(() => page.locator('tr[data-edge]').count()).toBe(0);
  }, 60_000);
});

describe('plugin edges to projects, teams and organizations', () => {
  it('chooses each end by name from a list (a project searched as typed) and sends its id', async () => {
    const admin = await adminToken();
    const manifest = {
      slug: 'runbooks',
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
        { source_label: 'Team', edge_label: 'OWNS', target_label: 'Runbook' },
        { source_label: 'Runbook', edge_label: 'APPLIES_IN', target_label: 'Organization' },
      ],
    };
    expect((await keel.call('POST', '/admin/plugins', admin, { manifest })).status).toBe(201);
    const ids: Record<string, string> = {};
    for (const [key, p, body] of [
      ['org', '/organizations', { slug: 'initech', name: 'Initech' }],
      ['team', '/organizations/initech/teams', { slug: 'ops', name: 'Operations' }],
      ['billing', '/organizations/initech/projects', { slug: 'billing', name: 'Billing', team: 'ops' }],
      ['payroll', '/organizations/initech/projects', { slug: 'payroll', name: 'Payroll', team: 'ops' }],
      ['runbook', '/admin/plugins/runbooks/entities/Runbook', { name: 'Restart the queue' }],
    ] as const) {
      const res = await keel.call('POST', p, admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[key] = res.body.id as string;
    }
    const page = await newPage();
    await signIn(page, keel.admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Plugin entities' }).click();
    const choose = (text: string) => page.getByLabel('Plugin and label').selectOption({ label: text });
    /** The runbook end, searched as typed and chosen by name. */
    const pickRunbook = async (form: ReturnType<Page['getByRole']>) => {
      await form.getByRole('combobox', { name: 'Runbook', exact: true }).fill('restart');
      await form.getByRole('option', { name: 'Restart the queue' }).click();
    };
    /** The stored edges of a label, through the API. */
    const stored = async (label: string) =>
      (await keel.call('GET', `/admin/plugins/runbooks/edges/${label}`, admin)).body as {
        source_id: string;
        target_id: string;
      }[];

    // A project end: its organization, then the project searched by name.
    await choose('Runbooks: Runbook COVERS Project (edges)');
    let form = page.getByRole('form', { name: 'New COVERS edge' });
    await pickRunbook(form);
    await form.getByLabel('Organization of the Project').selectOption({ label: 'Initech' });
    const project = form.getByRole('combobox', { name: 'Project', exact: true });
    await project.fill('bil');
    await form.getByRole('option', { name: /^Billing/ }).waitFor();
    // Only what matches is offered, and nothing asks for an id.
    expect(await form.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['Billingbilling']);
    expect(await form.getByLabel(/ id$/).count()).toBe(0);
    await expectAccessible(page);
    await form.getByRole('option', { name: /^Billing/ }).click();
    expect(await project.inputValue()).toBe('Billing');
    await form.getByRole('button', { name: 'Create edge' }).click();
    let row = page.locator(`tr[data-edge="${ids.runbook}/${ids.billing}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Restart the queue');
    expect(await row.textContent()).toContain('Billing');
    expect(await row.textContent()).not.toContain(ids.billing!);
    expect(await stored('COVERS')).toMatchObject([{ source_id: ids.runbook, target_id: ids.billing }]);

    // A team end: the organization's teams, offered as soon as the field has the focus.
    await choose('Runbooks: Team OWNS Runbook (edges)');
    form = page.getByRole('form', { name: 'New OWNS edge' });
    await form.getByLabel('Organization of the Team').selectOption({ label: 'Initech' });
    await form.getByRole('combobox', { name: 'Team', exact: true }).click();
    await form.getByRole('option', { name: /^Operations/ }).click();
    await pickRunbook(form);
    await form.getByRole('button', { name: 'Create edge' }).click();
    row = page.locator(`tr[data-edge="${ids.team}/${ids.runbook}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Operations');
    expect(await row.textContent()).not.toContain(ids.team!);
    expect(await stored('OWNS')).toMatchObject([{ source_id: ids.team, target_id: ids.runbook }]);

    // An organization end, chosen by name; typed text that names none is not sent.
    await choose('Runbooks: Runbook APPLIES_IN Organization (edges)');
    form = page.getByRole('form', { name: 'New APPLIES_IN edge' });
    await pickRunbook(form);
    const org = form.getByRole('combobox', { name: 'Organization', exact: true });
    await org.fill('no such organization');
    await form.getByText('No organization matches “no such organization”.').waitFor();
    expect(await org.evaluate((e) => (e as unknown as { validationMessage: string }).validationMessage)).toBe(
      'Choose an organization from the list (type part of its name to find it).',
    );
    await form.getByRole('button', { name: 'Create edge' }).click();
    expect(await stored('APPLIES_IN')).toEqual([]);
    await org.fill('initech');
    await form.getByRole('option', { name: /^Initech/ }).click();
    await form.getByRole('button', { name: 'Create edge' }).click();
    row = page.locator(`tr[data-edge="${ids.runbook}/${ids.org}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Initech');
    expect(await stored('APPLIES_IN')).toMatchObject([{ source_id: ids.runbook, target_id: ids.org }]);
    await expectAccessible(page);
  }, 60_000);
});

describe('analytics', () => {
  it('records an entry and filters the log with the project and environment chosen from lists; shows the score history of a project', async () => {
    const admin = await adminToken();
    // A policy that scores the project, so its score history has rows to chart.
    for (const [p, body] of [
      [
        '/scoring/policies',
        { slug: 'tier', attribute: 'tier', weight: 1, value_score_map: { gold: 90, silver: 40 } },
      ],
      ['/organizations', { slug: 'globex', name: 'Globex' }],
      ['/organizations/globex/teams', { slug: 'core', name: 'Core' }],
      [
        '/organizations/globex/projects',
        { slug: 'shop', name: 'Shop', team: 'core', attributes: { tier: 'gold' } },
      ],
      ['/organizations/globex/projects', { slug: 'depot', name: 'Depot', team: 'core' }],
      ['/environments', { slug: 'staging', name: 'Staging' }],
      ['/environments', { slug: 'qa', name: 'Quality assurance' }],
      [
        '/organizations/globex/operations-log',
        { project: 'depot', environment: 'qa', entry_type: 'Note', description: 'depot checked' },
      ],
    ] as const) {
      const res = await keel.call('POST', p, admin, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const page = await newPage();
    // Every search the project pickers send: the list's own search, one short page.
    const searches: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/organizations/globex/projects') searches.push(url);
    });
    await signIn(page, keel.admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await page.getByLabel('Organization').selectOption({ label: 'Globex' });
    const form = page.getByRole('form', { name: 'Record an entry' });
    // The project is searched as typed and chosen by name; the API gets its slug.
    const entryProject = form.getByRole('combobox', { name: 'Entry project' });
    await entryProject.fill('sho');
    await form.getByRole('option', { name: /^Shop/ }).click();
    expect(await entryProject.inputValue()).toBe('Shop');
    expect(
      searches.some((u) => u.searchParams.get('q') === 'sho' && u.searchParams.get('limit') === '8'),
    ).toBe(true);
    // The environments are offered as soon as the field has the focus, by name.
    await form.getByRole('combobox', { name: 'Entry environment' }).click();
    await form.getByRole('option', { name: /^Staging/ }).click();
    await form.getByLabel('Type').selectOption('Deployed');
    await form.getByLabel('Description').fill('shop 1.2 rolled out');
    await form.getByLabel('Version').fill('1.2.0');
    const [posted] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/organizations/globex/operations-log') && r.request().method() === 'POST',
      ),
      form.getByRole('button', { name: 'Record entry' }).click(),
    ]);
    expect(posted.status()).toBe(201);
    await expect.poll(() => form.getByLabel('Description').inputValue()).toBe('');
    // Both entries reach the list once the pipeline has carried them to the analytics store.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page.locator('tr[data-entry]').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(2);
    // The API got the slugs of the project and the environment chosen by name; the log names them.
    expect(
      await page.locator('tr[data-entry]').filter({ hasText: 'shop 1.2 rolled out' }).textContent(),
    ).toContain('Shop / Staging');
    // Filtering by a project chosen from the list asks the API for that project's entries only.
    const filters = page.getByRole('form', { name: 'Filter the operations log' });
    const project = filters.getByRole('combobox', { name: 'Project', exact: true });
    // Something typed but not chosen is not sent: the browser says to choose from the list.
    await project.fill('nothing-like-it');
    await filters.getByText('No project matches “nothing-like-it”.').waitFor();
    expect(
      await project.evaluate((e) => (e as unknown as { validationMessage: string }).validationMessage),
    ).toBe('Choose a project from the list (type part of its name to find it).');
    await project.fill('dep');
    await filters.getByRole('option', { name: /^Depot/ }).click();
    await expectAccessible(page);
    const filtered = (project: string) =>
      page.waitForResponse((r) => {
        const url = new URL(r.url());
        return (
          url.pathname === '/organizations/globex/operations-log' &&
          url.searchParams.get('project') === project
        );
      });
    await Promise.all([filtered('depot'), filters.getByRole('button', { name: 'Apply filters' }).click()]);
    await expect
      .poll(() => page.locator('tr[data-entry]').allTextContents())
      .toEqual([expect.stringContaining('depot checked')]);
    // The environment too: Shop in Staging, then Shop in Quality assurance (no entry).
    await project.fill('Sh');
    await filters.getByRole('option', { name: /^Shop/ }).click();
    const environment = filters.getByRole('combobox', { name: 'Environment', exact: true });
    await environment.fill('stag');
    await filters.getByRole('option', { name: /^Staging/ }).click();
    await Promise.all([filtered('shop'), filters.getByRole('button', { name: 'Apply filters' }).click()]);
    await expect
      .poll(() => page.locator('tr[data-entry]').allTextContents())
      .toEqual([expect.stringContaining('shop 1.2 rolled out')]);
    await environment.fill('quality');
    await filters.getByRole('option', { name: /^Quality assurance/ }).waitFor();
    await environment.press('ArrowDown');
    await environment.press('Enter');
    expect(await environment.inputValue()).toBe('Quality assurance');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No entry matches.').waitFor();
    await expectAccessible(page);
    // Scoring the project records a score_history row; it reaches the analytics store through the
    // same pipeline.
    const rescore = async () => {
      const res = await keel.call('POST', '/scoring/rescore', admin, {
        organization: 'globex',
        project: 'shop',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await rescore();
    await new Promise((r) => setTimeout(r, 1100)); // history rows carry whole seconds
    const patched = await keel.call('PATCH', '/organizations/globex/projects/shop', admin, {
      attributes: { tier: 'silver' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await rescore();
    await expect
      .poll(
        async () => {
          const history = await keel.call('GET', '/organizations/globex/projects/shop/score/history', admin);
          return history.status === 200 ? (history.body as unknown[]).length : -history.status;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(2);
    await page.getByRole('navigation').getByRole('link', { name: 'Schedules' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await page.getByLabel('Organization').selectOption({ label: 'Globex' });
    // The organization's first project to begin with; Shop chosen from the list.
    const scoreProject = page.getByRole('combobox', { name: 'Project of the score history' });
    await expect.poll(() => scoreProject.inputValue()).not.toBe('');
    await scoreProject.fill('shop');
    await page.getByRole('option', { name: /^Shop/ }).click();
    // The shared line chart, with axes: its words name the range and the latest score.
    await page
      .getByRole('img', {
        name: /^Score over time: \d+ values from .* between 40 and 90 points; latest 40 points/,
      })
      .waitFor();
    await expectAccessible(page);
  }, 120_000);
});

describe('AI catalog', () => {
  it('adds a provider against a local vendor server, tests the connection, and imports two models', async () => {
    const vendor = await new FakeVendor('b').start();
    try {
      const apiKey = 'sk-test-4b1d9e77c2a0f3';
      secrets.add(apiKey);
      vendor.key = apiKey;
      vendor.models = [
        { id: 'fast-1', extra: { context_window: 32000 } },
        { id: 'smart-2', extra: { context_window: 200000 } },
        { id: 'embed-3' },
      ];
      const org = await keel.call('POST', '/organizations', await adminToken(), {
        slug: 'acme',
        name: 'Acme',
      });
      expect(org.status).toBe(201);
      const page = await newPage();
      await signIn(page, keel.admin);
      await page.getByRole('navigation').getByRole('link', { name: 'AI catalog' }).click();
      await page.getByLabel('Organization').selectOption({ label: 'Acme' });
      await page.getByRole('heading', { name: 'New provider' }).waitFor();
      await page.getByLabel('Driver').selectOption('vendor_b');
      await page.getByLabel('Provider name').fill('Local vendor');
      await page.getByLabel('Base URL').fill(vendor.baseUrl);
      await page.getByLabel('API key (optional)').fill('wrong-key-0000');
      secrets.add('wrong-key-0000');
      await page.getByRole('button', { name: 'Add provider' }).click();
      const card = page.locator('li[data-provider="Local vendor"]');
      await card.filter({ hasText: 'key stored (ends in 0000)' }).waitFor();
      // Keys in words: the auth kind, and the driver by its display name (not its SPEC key).
      await card.getByText('API key', { exact: true }).waitFor();
      expect(await card.getByRole('heading').textContent()).not.toContain('vendor_b');
      // Discovery with the wrong key is the connection test failing, with the API's normalized error.
      await card.getByRole('button', { name: 'Test connection and discover' }).click();
      await card.getByRole('alert').filter({ hasText: 'HTTP 401' }).waitFor();
      // The driver named as people know it, not by its key.
      expect(await card.getByRole('alert').textContent()).not.toContain('vendor_b');
      await expectAccessible(page);
      await card.getByLabel('New API key for Local vendor').fill(apiKey);
      await card.getByRole('button', { name: 'Set key' }).click();
      await card.filter({ hasText: `ends in ${apiKey.slice(-4)}` }).waitFor();
      await card.getByRole('button', { name: 'Test connection and discover' }).click();
      await card.getByRole('status').filter({ hasText: '3 models offered' }).waitFor();
      await card.getByRole('checkbox', { name: /fast-1/ }).check();
      await card.getByRole('checkbox', { name: /smart-2/ }).check();
      await card.getByRole('button', { name: 'Import 2 selected' }).click();
      await page.locator('tr[data-model="smart-2"]').waitFor();
      expect(await page.locator('tr[data-model]').count()).toBe(2);
      await expect(page.locator('tr[data-model="fast-1"]').textContent()).resolves.toContain(
        'whole organization',
      );
      // A model's access, costs and advisory cap; a cost that is not an exact decimal is refused at its field.
      expect(
        (await keel.call('POST', '/organizations/acme/teams', await adminToken(), { slug: 'ml', name: 'ML' }))
          .status,
      ).toBe(201);
      await page.getByRole('button', { name: 'Edit smart-2' }).click();
      // The editor opens where the person clicked: in the row right under the model's.
      const editor = page
        .locator('tr[data-model="smart-2"] + tr')
        .getByRole('form', { name: 'Edit model smart-2' });
      await editor.getByLabel('Input cost (USD per M tokens)').fill('3.00');
      await editor.getByLabel('Output cost (USD per M tokens)').fill('fifteen');
      await editor.getByLabel('Access').selectOption('restricted');
      // Teams are chosen from the organization's list (one made after the page loaded is offered too).
      await editor.getByRole('checkbox', { name: 'ML' }).check();
      await editor.getByLabel('Monthly spend cap (USD)').fill('500');
      await editor.getByRole('button', { name: 'Save model' }).click();
      await editor.locator('[data-pointer="/output_cost_per_mtok"] .field-error').waitFor();
      await expectAccessible(page);
      await editor.getByLabel('Output cost (USD per M tokens)').fill('15');
      await editor.getByRole('button', { name: 'Save model' }).click();
      const edited = page.locator('tr[data-model="smart-2"]');
      await edited
        .filter({ hasText: 'teams: ML' })
        .filter({ hasText: 'Local vendor' })
        .filter({ hasText: '3.00 / 15' })
        .filter({ hasText: '500' })
        .waitFor();
      // Clearing the key leaves the provider without one.
      await card.getByRole('button', { name: 'Clear key' }).click();
      await card.filter({ hasText: 'no key stored' }).waitFor();
      const providers = await keel.call('GET', '/organizations/acme/ai-providers', await adminToken());
      expect(providers.body[0]).toMatchObject({ has_credentials: false, auth_kind: 'none' });
    } finally {
      await vendor.close();
    }
  }, 60_000);
});

describe('AI catalog by hand', () => {
  it('adds a model by hand, renames a provider, refuses to delete one in use in words, deletes a model; a reader sees no control', async () => {
    const admin = await adminToken();
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await keel.call(method, p, admin, body);
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body as Record<string, unknown>;
    };
    await api('POST', '/organizations', { slug: 'hooli', name: 'Hooli' });
    const lab = await api('POST', '/organizations/hooli/ai-providers', {
      driver: 'vendor_b_compatible',
      name: 'Lab server',
      base_url: 'http://127.0.0.1:9/v1',
    });
    await api('POST', '/organizations/hooli/ai-providers', { driver: 'vendor_a', name: 'Spare' });
    const page = await newPage();
    await signIn(page, keel.admin);
    await page.getByRole('navigation').getByRole('link', { name: 'AI catalog' }).click();
    await page.getByLabel('Organization').selectOption({ label: 'Hooli' });
    const form = page.getByRole('form', { name: 'New model' });
    await form.waitFor();

    // A model by hand: the slug follows the model ID; a context window that is no number is refused at its field.
    await form.getByLabel('Provider', { exact: true }).selectOption({ label: 'Lab server' });
    await form.getByLabel('Model ID at the provider').fill('Llama-3.1-8B');
    expect(await form.getByLabel('Slug').inputValue()).toBe('llama-3.1-8b');
    await form.getByLabel('Context window (tokens, optional)').fill('lots');
    await form.getByRole('button', { name: 'Add model' }).click();
    const contextError = form.locator('[data-pointer="/context_window"] .field-error');
    await contextError.waitFor();
    expect(await contextError.textContent()).toBe('must be a whole number, or left empty');
    await expectAccessible(page);
    await form.getByLabel('Context window (tokens, optional)').fill('128000');
    await form.getByLabel('Input cost (USD per M tokens)').fill('0');
    await form.getByRole('button', { name: 'Add model' }).click();
    await page.getByRole('status').filter({ hasText: 'Model llama-3.1-8b added.' }).waitFor();
    const row = page.locator('tr[data-model="Llama-3.1-8B"]');
    await row.filter({ hasText: 'Lab server' }).filter({ hasText: '0 / —' }).waitFor();
    const stored = await api('GET', '/organizations/hooli/ai-models');
    expect(stored).toMatchObject([
      { model_id: 'Llama-3.1-8B', slug: 'llama-3.1-8b', context_window: 128000, provider_id: lab.id },
    ]);
    // The new form is empty again.
    expect(
      await page.getByRole('form', { name: 'New model' }).getByLabel('Model ID at the provider').inputValue(),
    ).toBe('');

    // A provider that still serves a model is not deleted, and the page says why in words.
    const card = page.locator('li[data-provider="Lab server"]');
    await card.getByRole('button', { name: 'Delete provider Lab server' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete provider' }).click();
    await card
      .getByRole('alert')
      .filter({
        hasText:
          'Lab server is not deleted: it still serves 1 model. Delete it under Models first, then the provider.',
      })
      .waitFor();

    // A new name: the card and the model's row take it.
    await card.getByRole('button', { name: 'Edit provider Lab server' }).click();
    await card.getByLabel('Name', { exact: true }).fill('Lab GPU server');
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Save provider' }).click();
    await page.locator('li[data-provider="Lab GPU server"]').waitFor();
    await row.filter({ hasText: 'Lab GPU server' }).waitFor();
    expect((await api('GET', `/organizations/hooli/ai-providers/${String(lab.id)}`)).name).toBe(
      'Lab GPU server',
    );

    // Delete the model (asked first), then a provider that serves none.
    await row.getByRole('button', { name: 'Delete llama-3.1-8b' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.filter({ hasText: 'Delete the model llama-3.1-8b from the catalog?' }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete model' }).click();
    await page.getByRole('status').filter({ hasText: 'Model llama-3.1-8b deleted.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await api('GET', '/organizations/hooli/ai-models')).toEqual([]);
    const spare = page.locator('li[data-provider="Spare"]');
    await spare.getByRole('button', { name: 'Delete provider Spare' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete provider' }).click();
    await page.getByRole('status').filter({ hasText: 'Provider Spare deleted.' }).waitFor();
    await spare.waitFor({ state: 'detached' });
    await closePage(page, 'ai-catalog-by-hand-admin');

    // A role that may only read the catalog: the providers and models, and no control it cannot use.
    await api('POST', '/organizations/hooli/ai-models', {
      provider_id: lab.id,
      model_id: 'embed-small',
      slug: 'embed-small',
      kind: 'embedding',
    });
    await api('POST', '/roles', {
      slug: 'ai-readers',
      name: 'AI readers',
      permissions: ['ai_model:read', 'organization:read'],
    });
    const reader = { email: 'ai-reader@example.com', password: 'ai-reader-Passw0rd-31' };
    secrets.add(reader.password);
    await api('POST', '/users', { ...reader, display_name: 'AI reader' });
    await api('PUT', `/users/${encodeURIComponent(reader.email)}/roles/ai-readers`);
    const narrow = await newPage();
    await signIn(narrow, reader);
    await narrow.getByRole('navigation').getByRole('link', { name: 'AI catalog' }).click();
    await narrow.getByLabel('Organization').selectOption({ label: 'Hooli' });
    await narrow.locator('li[data-provider="Lab GPU server"]').waitFor();
    await narrow.locator('tr[data-model="embed-small"]').waitFor();
    const note = narrow.locator('[data-not-allowed]');
    await note.filter({ hasText: 'delete providers and models' }).waitFor();
    expect(await note.innerText()).toBe(
      [
        'To add providers and models, or test connections and import models, your role needs the permission ai_model:create.',
        'To set or clear API keys, your role needs the permission ai_model:credentials.',
        'To edit providers and models, your role needs the permission ai_model:update.',
        'To delete providers and models, your role needs the permission ai_model:delete.',
      ].join('\n\n'),
    );
    expect(await narrow.locator('main button').count()).toBe(0);
    expect(await narrow.locator('main form').count()).toBe(0);
    await expectAccessible(narrow);
  }, 90_000);
});

/** One cold navigation (a new browser context: empty cache) to the schedules page, with tokens in hand. */
async function measureSchedulesLoad(): Promise<Figures> {
  const login = await passwordLogin(plain);
  const page = await newPage();
  const fragment = new URLSearchParams({
    access_token: login.access_token,
    token_type: 'Bearer',
    expires_in: '3600',
    refresh_token: login.refresh_token,
    redirect_to: '/console/schedules',
  });
  await page.goto(`${keel.base}/console/callback#${fragment}`);
  await page.locator('main table tbody tr').first().waitFor();
  await page.waitForFunction('performance.getEntriesByName("console:schedules-usable").length > 0');
  // The browser's own timings (a string: this file is type-checked without the DOM library).
  return (await page.evaluate(`(() => {
    const resources = performance.getEntriesByType('resource');
    const assets = resources.filter((r) => /\\/console\\/assets\\/.+\\.(js|css)$/.test(r.name));
    const api = (p) => resources.find((r) => new URL(r.name).pathname === p);
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      usable_ms: performance.getEntriesByName('console:schedules-usable')[0].startTime,
      dom_content_loaded_ms: nav.domContentLoadedEventEnd,
      me_api_ms: api('/auth/me')?.duration,
      schedules_api_ms: api('/scheduler/schedules')?.duration,
      gzipped_js_css_bytes: assets.reduce((sum, r) => sum + r.encodedBodySize, 0),
      decoded_js_css_bytes: assets.reduce((sum, r) => sum + r.decodedBodySize, 0),
      assets: assets.length,
    };
  })()`)) as Figures;
}

describe('measurements', () => {
  it('first load under 150 KB of gzipped JS and CSS; measures when the schedules page is usable', async () => {
    const runs: Figures[] = [];
    for (let i = 0; i < 3; i++) runs.push(await measureSchedulesLoad());
    const usable = runs.map((r) => r.usable_ms).sort((a, b) => a - b);
    const median = usable[1]!;
    const figures = {
      ...runs[0]!,
      usable_ms_runs: usable,
      usable_ms_median: median,
      load_per_core: os.loadavg()[0]! / os.cpus().length,
    };
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOTS, 'measurements.json'), JSON.stringify(figures, null, 2));
    // A time is a measurement, not an assertion (it moves with the machine): the goal line says
    // whether this run met it.
    console.log(
      `goal: schedules page usable < 1 s after navigation: ${median < 1000 ? 'met' : 'NOT met'} ` +
        `(median ${Math.round(median)} ms, load per core ${figures.load_per_core.toFixed(2)})`,
      figures,
    );
    for (const r of runs) {
      expect(r.usable_ms).toBeGreaterThan(0);
      expect(r.assets).toBeGreaterThanOrEqual(2);
      expect(r.gzipped_js_css_bytes).toBeGreaterThan(0);
      expect(r.gzipped_js_css_bytes).toBeLessThan(r.decoded_js_css_bytes);
      expect(r.gzipped_js_css_bytes).toBeLessThan(150 * 1024);
    }
  }, 60_000);
});
