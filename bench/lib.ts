// Benchmark harness. `npm run bench` starts `keel api` as its own process on a fresh database, measures
// GET /health as the baseline, then every scenario in bench/scenarios/*.ts, and prints each result as a
// ratio against that baseline (JSON under bench/results/).
//
// Adding a scenario: create bench/scenarios/<area>.ts exporting `scenarios: Scenario[]`.
// - kind 'http': `prepare(ctx)` seeds what it needs through ctx.api(...) and returns the request to load
//   (autocannon, 50 connections unless `connections` says otherwise). `goal` states the target.
// - kind 'custom': `run(ctx)` measures something that is not one HTTP request (a queue drain, say) and
//   returns named figures; it may boot an in-process runtime on ctx.databaseUrl with ctx.env.
// - `set: 'name'` puts a scenario in a named set: `npm run bench -- name` runs that set alone;
//   `npm run bench -- <file>` runs the scenarios of bench/scenarios/<file>.ts that are in no set.
// - Every goal gets a verdict, met or NOT met: http scenarios from minRatio and maxP99Ms, custom ones from
//   `goal.met(figures)` or a `goalMet` figure (a custom scenario may print further goal lines itself).
import path from 'node:path';
import autocannon from 'autocannon';

/** The Node flags Keel runs with (bin/keel.js, `npm start`); the raw baselines run with them too. */
export const NODE_FLAGS = ['--max-semi-space-size=64'];

/** The middle value (of an odd count; the upper middle of an even one). */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface BenchContext {
  baseUrl: string;
  /** The `keel api` process under load. */
  serverPid: number;
  /** The database the server uses (for custom scenarios that boot their own runtime). */
  databaseUrl: string;
  /** The environment the server was started with (KEEL_* settings). */
  env: Record<string, string>;
  adminToken: string;
  /** One HTTP call; throws on a non-2xx answer. */
  api(method: string, path: string, body?: unknown, token?: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Creates a user with these roles and returns a login token. */
  user(email: string, roles?: string[]): Promise<string>;
  durationSeconds: number;
}

/**
 * A service account holding the seeded `scheduler` role and its client-credential token: the
 * principal the scheduler's daily system job calls the recompute trigger as.
 */
export async function schedulerAccountToken(ctx: BenchContext, slug: string): Promise<string> {
  await ctx.api('POST', '/service-accounts', { slug, display_name: 'S' }, ctx.adminToken);
  await ctx.api('PUT', `/service-accounts/${slug}/roles/scheduler`, undefined, ctx.adminToken);
  const cred = await ctx.api(
    'POST',
    `/service-accounts/${slug}/client-credentials`,
    { name: 'bench' },
    ctx.adminToken,
  );
  return tokenGrant(ctx, {
    grant_type: 'client_credentials',
    client_id: cred.client_id,
    client_secret: cred.client_secret,
  });
}

/** The access token of one `POST /auth/token` with these form parameters. */
export async function tokenGrant(ctx: BenchContext, params: Record<string, string>): Promise<string> {
  const res = await fetch(`${ctx.baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** `node` arguments that write a V8 CPU profile into `dir` when the process exits (BENCH_CPU_PROFILE). */
export const cpuProfileArgs = (dir: string | undefined): string[] =>
  dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];

export interface HttpLoad {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Distinct requests cycled through (e.g. POSTs with distinct slugs); overrides path/body. */
  requests?: Array<{ method?: string; path: string; body?: string; headers?: Record<string, string> }>;
}

export interface Goal {
  /** Minimum ratio of this scenario's req/s to the baseline's. */
  minRatio?: number;
  /** Maximum p99 latency in ms. */
  maxP99Ms?: number;
  /** Free text for custom scenarios. */
  text?: string;
  /**
   * A custom scenario's verdict on its figures, printed after the goal's text as met or NOT met. A
   * custom scenario with a goal and neither this nor a `goalMet` figure (1 or 0) is reported NOT met.
   */
  met?: (figures: Record<string, number>) => boolean;
}

export type Scenario = (
  | { kind: 'http'; name: string; goal?: Goal; prepare(ctx: BenchContext): Promise<HttpLoad> }
  | { kind: 'custom'; name: string; goal?: Goal; run(ctx: BenchContext): Promise<Record<string, number>> }
) & {
  /** A named set (`npm run bench -- <set>`) runs only when asked for, never in the default run. */
  set?: string;
};

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered during the load. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function load(baseUrl: string, spec: HttpLoad, durationSeconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: `${baseUrl}${spec.path}`,
    connections: spec.connections ?? 50,
    duration: durationSeconds,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    requests: spec.requests?.map((r) => ({
      method: (r.method ?? spec.method ?? 'GET') as 'GET',
      path: r.path,
      body: r.body,
      headers: r.headers ?? spec.headers,
    })),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
