// Browser test support for the console: a Keel on the embedded default (`keel serve`, its own data dir),
// Debian's chromium driven by playwright-core, axe-core per page, screenshots, and the check that no
// secret reaches the DOM, the URL or browser storage.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page, type Request, type Response } from 'playwright-core';
import { freePort } from '../../src/db/embedded.js';
import { LOCAL_ADMIN } from '../../src/app/boot.js';
import { keelArgv } from '../support/keel-process.js';

const root = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = path.join(root, 'test-results/console');
export const CHROMIUM = process.env.KEEL_TEST_CHROMIUM ?? '/usr/bin/chromium';

export interface Keel {
  base: string;
  /** The embedded PostgreSQL's owner URL (for seeding at scale; read from the data dir). */
  databaseUrl(): string;
  admin: { email: string; password: string };
  output(): string;
  /** A password-login token, for setting up data through the API. */
  token(email: string, password: string): Promise<string>;
  call(method: string, p: string, token: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** `keel serve` on the embedded default: its own PostgreSQL and analytics store in a fresh data dir. */
export async function startKeel(env: Record<string, string> = {}): Promise<Keel> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-console-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(...keelArgv('serve'), {
    cwd: root,
    env: {
      ...process.env,
      KEEL_DATABASE_URL: undefined,
      KEEL_DATA_DIR: dataDir,
      KEEL_PORT: String(port),
      KEEL_PUBLIC_URL: base,
      KEEL_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => (text += String(d)));
  child.stderr!.on('data', (d) => (text += String(d)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`keel exited early:\n${text}`);
    if (i > 900) throw new Error(`keel did not start:\n${text}`);
    const ready = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready && text.includes('Keel is listening')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    admin_password: string;
  };
  const keel: Keel = {
    base,
    databaseUrl() {
      const pid = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
      const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        postgres_password: string;
      };
      return `postgres://keel:${encodeURIComponent(stored.postgres_password)}@127.0.0.1:${pid[3]!.trim()}/postgres`;
    },
    admin: { email: LOCAL_ADMIN, password: secrets.admin_password },
    output: () => text,
    async token(email, password) {
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async call(method, p, token, body) {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const t = await res.text();
      return { status: res.status, body: t ? JSON.parse(t) : undefined };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return keel;
}

export async function launchChromium(): Promise<Browser> {
  // Root in a container has no user namespace for chromium's sandbox.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

/** Each page's requests still waiting for their answer, with when they were sent. */
const unanswered = new WeakMap<Page, Map<Request, number>>();

/** What a page is still waiting for, for a failure to name ("POST /auth/session for 30.1 s"). */
function waitingFor(page: Page): string {
  const pending = unanswered.get(page);
  if (!pending) return 'not known (a page not opened with openPage)';
  const now = Date.now();
  const waiting = [...pending].map(
    ([r, since]) => `${r.method()} ${new URL(r.url()).pathname} for ${((now - since) / 1000).toFixed(1)} s`,
  );
  return waiting.length > 0 ? waiting.join(', ') : 'no request (every request was answered)';
}

/**
 * Opens a page that records every Content-Security-Policy violation and uncaught error it meets, and
 * which of its requests have no answer yet.
 */
export async function openPage(browser: Browser): Promise<{ page: Page; faults: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = new Map<Request, number>();
  unanswered.set(page, pending);
  page.on('request', (r) => void pending.set(r, Date.now()));
  // Answered once the status and headers arrive: a body the page never reads (the console reads none
  // from a 401) is never reported finished.
  page.on('response', (r) => void pending.delete(r.request()));
  page.on('requestfinished', (r) => void pending.delete(r));
  page.on('requestfailed', (r) => void pending.delete(r));
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) faults.push(m.text());
  });
  page.on('pageerror', (e) => faults.push(`page error: ${e.message}`));
  return { page, faults };
}

/**
 * Adds every token the API hands `page` to `secrets`, which a test then checks are never shown or stored:
 * access and refresh tokens in a sign-in's or renewal's body, the refresh cookie, and the tokens the OAuth
 * callback's redirect carries in its URL fragment. A response read after its page closed (a test that
 * ends while a renewal is in flight) is skipped: its tokens were never shown to anyone.
 */
export function collectTokens(page: Page, secrets: Set<string>): void {
  page.on(
    'response',
    (res) =>
      void tokensOf(res).then(
        (found) => found.forEach((t) => secrets.add(t)),
        () => {},
      ),
  );
}

async function tokensOf(res: Response): Promise<string[]> {
  const found: string[] = [];
  const location = res.headers().location ?? '';
  if (location.includes('#')) {
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    for (const k of ['access_token', 'refresh_token']) if (fragment.get(k)) found.push(fragment.get(k)!);
  }
  const cookie = /keel_refresh=([^;]+)/.exec(
    (await res.headerValue('set-cookie').catch(() => null)) ?? '',
  )?.[1];
  if (cookie) found.push(cookie);
  if (!/\/auth\/(login|token|session)$/.test(new URL(res.url()).pathname) || res.status() !== 200)
    return found;
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string };
  if (body.access_token) found.push(body.access_token);
  if (body.refresh_token) found.push(body.refresh_token);
  return found;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (the page's CSP is untouched). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every axe-core violation on the page as it is now, of any impact. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * The page at 1440 and at 390 px: axe-core's violations of any impact, a screenshot of each
 * (`<name>-1440`, `<name>-390`), and at 390 px the elements past the right edge (the page must not
 * scroll sideways; tables scroll inside themselves). Answers what is wrong, empty when nothing is.
 */
export async function pageProblems(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [size, viewport] of [
    ['1440', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(50);
    problems.push(...(await axeViolations(page)).map((v) => `${size} px: ${v}`));
    if (size === '390') {
      const overflow = (await page.evaluate(
        'document.documentElement.scrollWidth - window.innerWidth',
      )) as number;
      if (overflow > 0) {
        const wide = await page.evaluate(`[...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('table'))
          .slice(0, 5)
          .map((e) => e.tagName.toLowerCase() + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`);
        problems.push(`390 px: the page scrolls sideways by ${overflow} px (${String(wide)})`);
      }
    }
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(WIDE);
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Where any of `secrets` shows up: the DOM (markup and the live value of every field), the URL, local and
 * session storage, cookies, or IndexedDB database names. An empty list means nowhere.
 */
export async function secretsExposed(page: Page, secrets: string[]): Promise<string[]> {
  // Runs in the page; a string, since this file is type-checked without the DOM library.
  const seen = (await page.evaluate(`(async () => {
    const fields = [...document.querySelectorAll('input, textarea, select')].map((e) => e.value);
    const storage = (s) => [...Array(s.length).keys()].map((i) => s.key(i) + '=' + s.getItem(s.key(i)));
    const dbs = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name ?? '') : [];
    return {
      dom: document.documentElement.outerHTML + '\\n' + fields.join('\\n'),
      url: location.href,
      localStorage: storage(localStorage).join('\\n'),
      sessionStorage: storage(sessionStorage).join('\\n'),
      cookie: document.cookie,
      indexedDB: dbs.join('\\n'),
    };
  })()`)) as Record<string, string>;
  // Cookies a script can read (the HttpOnly session cookie is the refresh token's one place, by design).
  const cookies = (await page.context().cookies())
    .filter((c) => !c.httpOnly)
    .map((c) => `${c.name}=${c.value}`)
    .join('\n');
  const places: Record<string, string> = { ...seen, cookies, history: page.url() };
  const found: string[] = [];
  for (const secret of secrets) {
    for (const [where, text] of Object.entries(places)) {
      if (secret && text.includes(secret)) found.push(`${where} holds a secret (${secret.slice(0, 4)}…)`);
    }
  }
  return found;
}

/**
 * The server's answers, from this process, to what the sign-in form waits for: tells a server that does
 * not answer from a browser whose request never reached it.
 */
async function probe(url: string): Promise<string> {
  const origin = new URL(url).origin;
  const ask = async (method: string, p: string) => {
    const t0 = performance.now();
    const took = () => `${Math.round(performance.now() - t0)} ms`;
    return fetch(`${origin}${p}`, {
      method,
      headers: { 'x-keel-csrf': '1', origin },
      signal: AbortSignal.timeout(5000),
    }).then(
      (r) => `${method} ${p} ${r.status} in ${took()}`,
      (err: Error) => `${method} ${p} ${err.name} after ${took()}`,
    );
  };
  return (await Promise.all([ask('GET', '/health'), ask('POST', '/auth/session')])).join(', ');
}

/**
 * Opens `url` and waits for the console's sign-in form. The form shows once the console knows there is
 * no session (POST /auth/session) and has the login methods (GET /auth/providers); if it does not come,
 * the failure says what the page shows instead, which of its requests are still unanswered, and what
 * the server answers the same requests sent from this process. (Bare runs lost the form a few times,
 * the page at "Loading…": the console missed its first session answer, docs/console.md.)
 */
export async function openSignInForm(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page
    .getByLabel('Email')
    .waitFor()
    .catch(async (e: Error) => {
      throw new Error(
        `no sign-in form at ${url}; the page shows: ${await page.locator('body').innerText()}; ` +
          `it waits for: ${waitingFor(page)}; asked directly, the server answers: ${await probe(url)}`,
        { cause: e },
      );
    });
}
