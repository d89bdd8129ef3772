// The console's generated and settings forms, in Debian's chromium against `keel serve`: a plugin
// label's fields in the order its manifest lists them, and a schedule's settings in words (paused
// automatically with its reason, jitter, timeout, overlap, retries, auto-pause), its next runs across a
// clock change in Europe/Berlin, and an edit form that sets them. Screenshots in /tmp/shots-fields.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../src/console/build.js';
import {
  WIDE,
  launchChromium,
  openPage,
  openSignInForm,
  pageProblems,
  startKeel,
  type Keel,
} from './browser.js';

const SHOTS = '/tmp/shots-fields';
let keel: Keel;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  await ensureConsoleBuilt({ quiet: true });
  keel = await startKeel();
  browser = await launchChromium();
  admin = await keel.token(keel.admin.email, keel.admin.password);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await keel?.stop();
});

async function signedIn(): Promise<{ page: Page; faults: string[] }> {
  const opened = await openPage(browser);
  const { page } = opened;
  await page.setViewportSize(WIDE);
  await openSignInForm(page, `${keel.base}/console/`);
  await page.getByLabel('Email').fill(keel.admin.email);
  await page.getByLabel('Password').fill(keel.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  return opened;
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('plugin entity form', () => {
  it("shows a label's fields in the order the manifest lists them, not the database's", async () => {
    const order = ['zeta', 'a', 'middle_name', 'b'];
    const manifest = {
      slug: 'people-extra',
      name: 'People extra',
      version: '1.0.0',
      vertex_labels: [
        {
          name: 'Person',
          schema: {
            type: 'object',
            required: ['b'],
            properties: Object.fromEntries(order.map((k) => [k, { type: 'string' }])),
          },
        },
      ],
    };
    expect((await keel.call('POST', '/admin/plugins', admin, { manifest })).status).toBe(201);
    const { page, faults } = await signedIn();
    await page.getByRole('navigation').getByRole('link', { name: 'Plugin entities' }).click();
    const form = page.getByRole('form', { name: 'New Person' });
    await form.waitFor();
    expect(await form.locator('label').allTextContents()).toEqual([
      'zeta',
      'a',
      'middle_name',
      'b (required)',
    ]);
    // The table's columns follow the same order.
    const table = page.getByRole('table', { name: 'Person entities' });
    await table.waitFor();
    const headers = await table.locator('th').allTextContents();
    expect(headers.slice(0, 4)).toEqual(order);
    await shot(page, 'plugin-form');
    expect(faults).toEqual([]);
  }, 60_000);
});

describe('schedule detail', () => {
  it('says why a schedule paused itself and how to run it again', async () => {
    // Fails every minute (a 4xx is never retried) and pauses itself after one failed run.
    const created = await keel.call('POST', '/scheduler/schedules', admin, {
      slug: 'always-fails',
      cron: '* * * * *',
      kind: 'system',
      auto_pause_after: 1,
      target: { method: 'GET', path: '/admin/plugins/no-such-plugin' },
    });
    expect(created.status).toBe(201);
    let read: { state: string; paused_by: string | null; paused_reason: string | null } | undefined;
    await expect
      .poll(
        async () => {
          read = (await keel.call('GET', '/scheduler/schedules/always-fails', admin)).body;
          return read?.state;
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe('paused');
    expect(read!.paused_by).toBe('auto-pause');
    expect(read!.paused_reason).toMatch(/failed/);

    const { page, faults } = await signedIn();
    await page.goto(`${keel.base}/console/schedules`);
    await page
      .locator('tr[data-schedule="always-fails"]')
      .filter({ hasText: 'paused automatically' })
      .waitFor();
    await page.goto(`${keel.base}/console/schedules/always-fails`);
    const reason = page.locator('p.paused-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toBe(
      `Paused automatically: ${read!.paused_reason}. Resume to run it again.`,
    );
    expect(await page.locator('dl.facts').textContent()).toContain(
      'After one scheduled run that failed, or was skipped (misfires and overlap skips do not count).',
    );
    await page.getByRole('heading', { name: 'Next runs, once resumed' }).waitFor();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await pageProblems(page, 'fields-auto-paused')).toEqual([]);
    await shot(page, 'schedule-auto-paused');
    expect(faults).toEqual([]);
  }, 240_000);

  it("lists the next runs across Berlin's clock changes in words, shows each setting, and edits them", async () => {
    const created = await keel.call('POST', '/scheduler/schedules', admin, {
      slug: 'berlin-sundays',
      name: 'Berlin Sundays in March',
      // 02:30 on every Sunday of March: the last one is the night the clocks go forward.
      cron: '30 2 * 3 0',
      timezone: 'Europe/Berlin',
      kind: 'system',
      jitter_seconds: 30,
      timeout_seconds: 20,
      overlap: 'queue_one',
      retry: { max_attempts: 3, initial_backoff: 1, max_backoff: 10 },
      auto_pause_after: 5,
      target: { method: 'GET', path: '/auth/me' },
    });
    expect(created.status).toBe(201);
    const { page, faults } = await signedIn();
    await page.goto(`${keel.base}/console/schedules/berlin-sundays`);
    await page.getByRole('heading', { name: 'Upcoming runs' }).waitFor();
    const runs = page.locator('ol.occurrences li');
    expect(await runs.count()).toBe(5);
    // Exactly one of five March Sundays is the last one, whose 02:30 does not exist.
    const gap = page.locator('ol.occurrences li[data-dst="gap"]');
    expect(await gap.count()).toBe(1);
    expect(await gap.textContent()).toMatch(
      /3:00 AM \(Europe\/Berlin\)Clock change: 02:30 does not exist on \d{4}-03-\d\d in Europe\/Berlin \(clocks go forward\); it runs at 03:00\.$/,
    );
    for (const text of await page.locator('ol.occurrences li:not([data-dst])').allTextContents()) {
      expect(text).toMatch(/^Sunday, March \d+, \d{4} at 2:30 AM \(Europe\/Berlin\)$/);
    }
    const facts = (await page.locator('dl.facts').textContent())!;
    for (const words of [
      'On the cron 30 2 * 3 0, in Europe/Berlin time',
      'Each run starts up to 30 seconds after it is due, by an offset fixed for this schedule',
      '20 seconds for each call of the target.',
      'The next occurrence waits and starts when the run ends; one waits at most, further ones are skipped.',
      'Up to 3 attempts per run, again on connection errors, timeouts, 429, 502, 503 and 504 (never on another 4xx): the first wait is 1 second, doubling up to 10 seconds.',
      'After 5 scheduled runs in a row failed',
    ])
      expect(facts).toContain(words);
    expect(await pageProblems(page, 'fields-berlin')).toEqual([]);
    await shot(page, 'schedule-dst-preview');

    // The edit form previews what is typed: the October Sundays hold the night 02:30 happens twice.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit schedule' });
    await edit.getByLabel('Cron').fill('30 2 * 10 0');
    const repeat = edit.locator('ol.occurrences li[data-dst="repeat"]');
    await repeat.waitFor();
    expect(await repeat.textContent()).toMatch(
      /Clock change: 02:30 happens twice on \d{4}-10-\d\d in Europe\/Berlin \(clocks go back\); it runs once, at the first\.$/,
    );
    await shot(page, 'schedule-edit-repeat');
    // An interval instead, and the other controls.
    await edit.getByLabel('Trigger', { exact: true }).selectOption('every');
    await edit.getByLabel('Interval').fill('PT90M');
    await edit.getByLabel('Jitter (seconds)').fill('0');
    await edit.getByLabel('Call timeout (seconds)').fill('');
    expect(await edit.getByText(/KEEL_[A-Z_]+/).count()).toBe(0);
    await edit.getByLabel('When the previous run is still going').selectOption('allow');
    await edit.getByLabel('Attempts per run').fill('1');
    await edit.getByLabel('Pause itself after this many runs in a row fail').fill('0');
    await expect.poll(() => edit.locator('ol.occurrences li').count()).toBe(5);
    expect(await pageProblems(page, 'fields-edit')).toEqual([]);
    await shot(page, 'schedule-edit');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Schedule saved.' }).waitFor();
    const saved = (await keel.call('GET', '/scheduler/schedules/berlin-sundays', admin)).body;
    expect(saved).toMatchObject({
      cron: null,
      every: 'PT1H30M',
      jitter_seconds: 0,
      timeout_seconds: null,
      overlap: 'allow',
      retry: { max_attempts: 1 },
      auto_pause_after: 0,
    });
    // The page shows the saved schedule once it has read it again (a moment after the status).
    await expect
      .poll(async () => (await page.locator('dl.facts').textContent()) ?? '')
      .toContain('Every 1 hour 30 minutes (PT1H30M)');
    const after = (await page.locator('dl.facts').textContent())!;
    for (const words of [
      'Every 1 hour 30 minutes (PT1H30M), counted from its creation',
      'None: each run starts when it is due.',
      "The server's default call timeout for each call of the target (30 seconds unless an operator changed it).",
      'The next occurrence starts anyway, beside it.',
      'No retry: one attempt per run.',
      'Never: it keeps running whatever its runs end with.',
    ])
      expect(after).toContain(words);
    // A person reads words, never the server's setting names.
    expect(after).not.toMatch(/KEEL_[A-Z_]+/);
    expect(await pageProblems(page, 'fields-after-edit')).toEqual([]);
    await shot(page, 'schedule-after-edit');
    expect(faults).toEqual([]);
  }, 120_000);
});
