// Issue 3: token exchanges per second at 16 concurrent clients, and the cost of checking a delegated
// token's actor on every request.
import { load, tokenGrant, type BenchContext, type Scenario } from '../lib.js';

const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** The scheduler's account, role and credential (what `keel setup-service-accounts` creates), once. */
let prepared: Promise<{ clientId: string; clientSecret: string }> | undefined;
function prepare(ctx: BenchContext) {
  prepared ??= (async () => {
    await ctx.api(
      'POST',
      '/service-accounts',
      { slug: 'scheduler', display_name: 'Scheduler' },
      ctx.adminToken,
    );
    await ctx.api('PUT', '/service-accounts/scheduler/roles/scheduler', undefined, ctx.adminToken);
    const cred = await ctx.api(
      'POST',
      '/service-accounts/scheduler/client-credentials',
      { name: 'bench' },
      ctx.adminToken,
    );
    const user = await ctx.user('bench-delegator@example.com', ['member']);
    await ctx.api('POST', '/consents', {}, user);
    return { clientId: cred.client_id as string, clientSecret: cred.client_secret as string };
  })();
  return prepared;
}

async function exchangeLoad(ctx: BenchContext, auth: Record<string, string>) {
  const body = new URLSearchParams({
    grant_type: EXCHANGE,
    requested_subject: 'bench-delegator@example.com',
    scope: 'service-api:*',
    ...auth,
  }).toString();
  const spec = {
    method: 'POST' as const,
    path: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    connections: 16,
  };
  await load(ctx.baseUrl, spec, 1); // warm-up, as the harness does for http scenarios
  const r = await load(ctx.baseUrl, spec, ctx.durationSeconds);
  return {
    exchangesPerSecond: r.requestsPerSecond,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'token exchange, client_id + client_secret, 16 concurrent clients',
    goal: { text: '>= 500 exchanges/s, no errors' },
    async run(ctx) {
      const cred = await prepare(ctx);
      return exchangeLoad(ctx, { client_id: cred.clientId, client_secret: cred.clientSecret });
    },
  },
  {
    kind: 'custom',
    name: 'token exchange, subject_token (client-credential JWT), 16 concurrent clients',
    goal: { text: '>= 500 exchanges/s, no errors' },
    async run(ctx) {
      const cred = await prepare(ctx);
      const accessToken = await tokenGrant(ctx, {
        grant_type: 'client_credentials',
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
      });
      return exchangeLoad(ctx, { subject_token: accessToken });
    },
  },
  {
    kind: 'http',
    name: 'GET /auth/me (delegated token: act/azp checked per request)',
    goal: { minRatio: 0.5, maxP99Ms: 20 },
    async prepare(ctx) {
      const cred = await prepare(ctx);
      const accessToken = await tokenGrant(ctx, {
        grant_type: EXCHANGE,
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
        requested_subject: 'bench-delegator@example.com',
        scope: 'service-api:*',
      });
      return { path: '/auth/me', headers: { authorization: `Bearer ${accessToken}` } };
    },
  },
];
