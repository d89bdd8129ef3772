// `npm run bench -- delegation`: tokens per second from POST /auth/token at 16 concurrent clients (token
// exchange with a client secret and with a subject_token, and the client_credentials grant), and the
// cost of checking a delegated token's actor on every request.
import { cpuPerRequest, cpuText } from '../cpu.js';
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

/** The goal of each `POST /auth/token` scenario below. */
const TOKENS_PER_SECOND = 1500;
const tokenGoal = {
  text: `>= ${TOKENS_PER_SECOND.toLocaleString('en')} tokens/s, no errors`,
  met: (f: Record<string, number>) =>
    f.tokensPerSecond! >= TOKENS_PER_SECOND && f.non2xx === 0 && f.errors === 0,
};

/**
 * `POST /auth/token` with these form parameters from 16 clients. Also prints the CPU time each party
 * spent per token (bench/cpu.ts): on two shared cores, the sum sets the throughput.
 */
async function tokenLoad(ctx: BenchContext, params: Record<string, string>) {
  const spec = {
    method: 'POST' as const,
    path: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
    connections: 16,
  };
  await load(ctx.baseUrl, spec, 1); // warm-up, as the harness does for http scenarios
  const { result: r, cpu } = await cpuPerRequest(
    ctx.serverPid,
    () => load(ctx.baseUrl, spec, ctx.durationSeconds),
    (x) => x.requests,
  );
  console.log(`  CPU per token: ${cpuText(cpu)}`);
  return {
    tokensPerSecond: r.requestsPerSecond,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    non2xx: r.non2xx,
    errors: r.errors,
    serverCpuUs: cpu.server,
    postgresCpuUs: cpu.postgres,
    loadGeneratorCpuUs: cpu.loadGenerator,
  };
}

const exchange = (auth: Record<string, string>) => ({
  grant_type: EXCHANGE,
  requested_subject: 'bench-delegator@example.com',
  scope: 'service-api:*',
  ...auth,
});

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'token exchange, client_id + client_secret, 16 concurrent clients',
    goal: tokenGoal,
    async run(ctx) {
      const cred = await prepare(ctx);
      return tokenLoad(ctx, exchange({ client_id: cred.clientId, client_secret: cred.clientSecret }));
    },
  },
  {
    kind: 'custom',
    name: 'token exchange, subject_token (client-credential JWT), 16 concurrent clients',
    goal: tokenGoal,
    async run(ctx) {
      const cred = await prepare(ctx);
      const accessToken = await tokenGrant(ctx, {
        grant_type: 'client_credentials',
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
      });
      return tokenLoad(ctx, exchange({ subject_token: accessToken }));
    },
  },
  {
    kind: 'custom',
    name: 'client_credentials grant, client_id + client_secret, 16 concurrent clients',
    goal: tokenGoal,
    async run(ctx) {
      const cred = await prepare(ctx);
      return tokenLoad(ctx, {
        grant_type: 'client_credentials',
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
      });
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
