import type { TestApp } from '../../support/harness.js';
import { Browser, type FollowResult } from './browser.js';

/** Keel's public address in these tests (served through inject) and the frontend it hands tokens to. */
export const KEEL = 'http://keel.test';
export const FRONTEND = 'http://app.test/login/callback';

export function oauthEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    KEEL_PUBLIC_URL: KEEL,
    KEEL_AUTH_OAUTH_FRONTEND_URL: FRONTEND,
    KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    ...extra,
  };
}

export const toFrontend = (url: URL) => url.href.startsWith(FRONTEND);

/** The fragment parameters of the frontend redirect (the tokens). */
export function fragment(result: FollowResult): URLSearchParams {
  if (!result.stoppedAt) throw new Error(`login ended on a page: ${result.page.status} ${result.page.text}`);
  return new URLSearchParams(result.stoppedAt.hash.slice(1));
}

export function browser(app: TestApp): Browser {
  return new Browser(app, KEEL);
}

export async function putProvider(app: TestApp, slug: string, body: Record<string, unknown>) {
  const res = await app.call('PUT', `/admin/oauth-providers/${slug}`, {
    token: await app.adminToken(),
    body,
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`PUT ${slug}: ${res.status} ${res.text}`);
  return res.body;
}
