// The authorization matrix (issue 2 section 7, issue 13): every route of /openapi.json, each as
// anonymous, a user without roles, a user holding every permission but the route's, a user holding
// exactly the route's, a user with CAN_ACCESS, an admin, service accounts with and without the
// permission (and with a CAN_ACCESS edge, which never serves them), a token the scheduler exchanged
// for the permission holder, and that holder's token narrowed to another permission. Each gets the documented status; a refused request changes nothing; no
// answer carries a field its caller may not read. The tables are one module per route group under
// ./authz-matrix/; a route missing from them fails the first test. A last part checks that no
// malformed input on any route answers a 500.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedStore } from '../../src/analytics/readers/reader.js';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import { clientToken, consent, setupScheduler } from '../delegation/helpers.js';
import { allPermissions, createRole, serviceAccount, userToken } from './fixtures.js';
import { GROUPS } from './authz-matrix/groups.js';
import { PROJECT, grantAcl } from './authz-matrix/foundation.js';
import { stopCatalog } from './authz-matrix/catalog.js';
import { CONNECTOR_KEY } from './authz-matrix/connector.js';
import { stopReaders } from './authz-matrix/readers.js';
import { m, type Expectation, type Req, type Route, type Who } from './authz-matrix/table.js';
import type { RoutePermission } from '../../src/http/route-permission.js';

const ROUTES: Route[] = GROUPS.flatMap((g) => g.routes);
let app: TestApp;
let admin: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-matrix-'));
let embedded: { stop(): Promise<void> } | undefined;
let counter = 0;

/** A caller: the token it uses, and how to get a fresh one (logout revokes the one it presents). */
interface Caller {
  token: string | undefined;
  mint(): Promise<string | undefined>;
}
const callers = new Map<string, Caller>();
/** Who may call each route, as /openapi.json declares it (x-keel-permission), by "METHOD /path". */
const declarations = new Map<string, RoutePermission>();
const PER_PERMISSION: Who[] = [
  'user with the permission',
  'user without the permission',
  'service account with the permission',
  'service account without the permission',
  'delegated token',
  'narrowed delegated token',
];
/** The permissions a route needs: the first is the one the "without" callers lack. */
const permsOf = (route: Route) => route.perm.split(' ');
const needsPermission = (route: Route) => route.perm.includes(':');
const key = (who: Who, route: Route) =>
  PER_PERMISSION.includes(who) && needsPermission(route) ? `${who}|${route.perm}` : who;

function userCaller(email: string, opts: { roles?: string[]; admin?: boolean } = {}) {
  return async (): Promise<Caller> => {
    const token = await userToken(app, email, opts);
    return { token, mint: () => userToken(app, email) };
  };
}
function saCaller(slug: string, roles: string[]) {
  return async (): Promise<Caller> => {
    const sa = await serviceAccount(app, slug, { roles });
    return { token: sa.token, mint: () => sa.mint() };
  };
}

const slugOf = (perm: string) =>
  perm
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
    .slice(0, 50)
    .replace(/-$/, '');
const PERM_SETS = [...new Set(ROUTES.filter(needsPermission).map((r) => r.perm))];
/** How many permissions' callers are built at once. */
const SETUP_CONCURRENCY = 6;

/** Runs `fn` on every item, at most `limit` at once. */
async function inTurns<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

beforeAll(async () => {
  app = await startTestApp({
    env: {
      KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      KEEL_CONNECTOR_API_KEY: CONNECTOR_KEY,
      KEEL_DATA_DIR: dataDir,
    },
  });
  // The analytics readers read the embedded engine, as in `keel serve`.
  embedded = useEmbeddedStore(app.runtime.core.settings);
  // The scheduler's routes verify tokens against the API over HTTP, as in `keel serve`.
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  admin = await app.adminToken();
  m.app = app;
  m.admin = admin;
  m.tokenOf = (who, perm) =>
    callers.get(PER_PERMISSION.includes(who) && perm.includes(':') ? `${who}|${perm}` : who)?.token;
  for (const g of GROUPS) await g.setup?.();
  const doc = (await app.call('GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, { 'x-keel-permission'?: RoutePermission }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      if (op['x-keel-permission'])
        declarations.set(`${method.toUpperCase()} ${path}`, op['x-keel-permission']);

  // The scheduler's own JWT, exchanged below as the scheduler does it (src/scheduler/keel-client.ts).
  const schedulerToken = await clientToken(app, await setupScheduler(app));
  /** A token the scheduler exchanges for `email` (who consents first unless told). */
  const delegated = async (
    email: string,
    token: string,
    scope = 'service-api:*',
    consents = true,
  ): Promise<Caller> => {
    if (consents) await consent(app, token);
    const mint = async () => {
      const res = await app.call('POST', '/auth/token', {
        form: {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: schedulerToken,
          subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          requested_subject: email,
          scope,
        },
      });
      if (res.status !== 200) throw new Error(`exchange for ${email}: ${res.status} ${res.text}`);
      return res.body.access_token as string;
    };
    return { token: await mint(), mint };
  };

  const everything = await allPermissions(app);
  callers.set('anonymous', { token: undefined, mint: async () => undefined });
  callers.set('admin user', { token: admin, mint: () => userToken(app, 'admin@example.com') });
  callers.set('user without roles', await userCaller('none@matrix.test')());
  callers.set(
    'delegated token',
    await delegated('none@matrix.test', callers.get('user without roles')!.token!),
  );
  callers.set('user with CAN_ACCESS', await userCaller('acl@matrix.test')());
  callers.set('service account with a CAN_ACCESS edge', await saCaller('m-acl-sa', [])());
  await grantAcl(PROJECT);
  // Independent per permission, so built side by side (the suite must stay fast on two cores), a few
  // at a time: all at once, a hundred chains of writes queued on the API's pool of 10 connections
  // longer than its 5 s wait for one, and the API rightly answered 503 database_unavailable.
  await inTurns(PERM_SETS, SETUP_CONCURRENCY, async (perm) => {
    const perms = perm.split(' ');
    const s = slugOf(perm);
    await createRole(app, `only-${s}`, perms);
    await createRole(
      app,
      `but-${s}`,
      everything.filter((p) => p !== perms[0]),
    );
    const withEmail = `with-${s}@matrix.test`;
    const holder = await userCaller(withEmail, { roles: [`only-${s}`] })();
    callers.set(`user with the permission|${perm}`, holder);
    callers.set(
      `user without the permission|${perm}`,
      await userCaller(`without-${s}@matrix.test`, { roles: [`but-${s}`] })(),
    );
    callers.set(`service account with the permission|${perm}`, await saCaller(`with-${s}`, [`only-${s}`])());
    callers.set(
      `service account without the permission|${perm}`,
      await saCaller(`without-${s}`, [`but-${s}`])(),
    );
    callers.set(`delegated token|${perm}`, await delegated(withEmail, holder.token!));
    // The same user's token narrowed to a permission the route does not need.
    const narrow = perms.includes('permission:read') ? 'role:read' : 'permission:read';
    callers.set(`narrowed delegated token|${perm}`, await delegated(withEmail, holder.token!, narrow, false));
  });
}, 300_000);
afterAll(async () => {
  await stopCatalog();
  await stopReaders();
  await embedded?.stop();
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const slugs = (body: Res['body']) => (body as { slug: string }[]).map((p) => p.slug);

/** May this caller read the matrix's project (global project:read, or a CAN_ACCESS read edge)? */
function readsProject(route: Route, who: Who): boolean {
  const holds = permsOf(route).includes('project:read');
  switch (who) {
    case 'admin user':
    case 'user with CAN_ACCESS':
      return true;
    case 'user with the permission':
    case 'service account with the permission':
    case 'delegated token':
      return holds;
    case 'user without the permission':
    case 'service account without the permission':
      return permsOf(route)[0] !== 'project:read';
    default:
      return false;
  }
}

/**
 * On a single project, a user that may not read it gets 404 (it cannot tell the project from a
 * missing one), and a PATCH by a caller that may update but not read answers 204 without the project.
 * A service account, which no ACL can serve, keeps its 403 for any slug (SPEC 5.6, 7).
 */
function expectationFor(route: Route, who: Who): Expectation | undefined {
  // The holder's own token, narrowed to another permission: its scope decides, whatever the user holds.
  if (who === 'narrowed delegated token')
    return needsPermission(route) ? { status: 403, code: 'forbidden' } : undefined;
  const override = route.expect?.[who];
  if (override !== undefined) return typeof override === 'number' ? { status: override } : override;
  const want = baseExpectationFor(route, who);
  // One project's routes (the project itself, its comments...): the 404 of a missing project.
  const single = route.acl !== undefined && route.path.includes('{project}');
  if (!want || !single || readsProject(route, who) || who === 'anonymous') return want;
  if (want.status === 403 && !who.startsWith('service account')) return { status: 404, code: 'not_found' };
  if (route.method === 'PATCH' && want.status === 200) return { status: 204 };
  return want;
}

function baseExpectationFor(route: Route, who: Who): Expectation | undefined {
  if (route.perm === 'public')
    return who === 'anonymous' || who === 'admin user' ? { status: route.ok } : undefined;
  if (who === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (route.perm === 'authenticated')
    return who.includes('the permission') ? undefined : { status: route.ok };
  const isList = route.method === 'GET' && route.path === '/organizations/{org}/projects';
  switch (who) {
    case 'user with the permission':
    case 'admin user':
    case 'service account with the permission':
    case 'delegated token':
      return { status: route.ok };
    case 'user with CAN_ACCESS':
      if (!route.acl) return { status: 403, code: 'forbidden' };
      return isList
        ? { status: 200, body: (b) => expect(slugs(b)).toEqual([PROJECT]) }
        : { status: route.ok };
    case 'user without roles':
    case 'user without the permission':
      // Users may hold CAN_ACCESS, so the project list answers with the projects they may read: none.
      return isList
        ? { status: 200, body: (b) => expect(b).toEqual([]) }
        : { status: 403, code: 'forbidden' };
    default:
      return { status: 403, code: 'forbidden' };
  }
}

const WHO: Who[] = [
  'anonymous',
  'delegated token',
  'narrowed delegated token',
  'user without roles',
  'user without the permission',
  'user with CAN_ACCESS',
  'service account without the permission',
  'service account with a CAN_ACCESS edge',
  'user with the permission',
  'admin user',
  'service account with the permission',
];

/** A digest of every stored node and edge except token bookkeeping, to prove refused calls write nothing. */
async function fingerprint(): Promise<string> {
  const row = await app.runtime.core.sql.one<{ nodes: string; edges: string; rest: string }>(
    `SELECT
       (SELECT md5(coalesce(string_agg(concat_ws('|', s.id, s.name, s.cron, s.enabled, s.target_path, s.deleted_at), ',' ORDER BY s.id), ''))
          FROM scheduler.schedules s)
       || (SELECT count(*) FROM scoring_jobs)::text || '/' || (SELECT count(*) FROM analytics_outbox)::text AS rest,
       (SELECT md5(coalesce(string_agg(id::text || props::text || updated_at::text, ',' ORDER BY id), ''))
          FROM graph_nodes WHERE label NOT IN ('TokenMetadata', 'RefreshToken')) AS nodes,
       (SELECT md5(coalesce(string_agg(e.src::text || e.label || e.dst::text || e.props::text, ',' ORDER BY e.src, e.label, e.dst), ''))
          FROM graph_edges e JOIN graph_nodes n ON n.id = e.src
          WHERE n.label NOT IN ('TokenMetadata', 'RefreshToken')) AS edges`,
  );
  return `${row!.nodes}/${row!.edges}/${row!.rest}`;
}

async function send(route: Route, req: Req, token: string | undefined): Promise<Res> {
  return app.call(route.method, req.url, {
    token,
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.form ? { form: req.form } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
  });
}

/** Members no answer may carry, whoever asks: secrets and their stored forms. */
const SECRET_MEMBERS = new Set([
  'password',
  'password_hash',
  'secret',
  'secret_hash',
  'client_secret_hash',
  'client_secret_encrypted',
  'credentials_encrypted',
  'api_key',
  'private_key',
  'refresh_token_hash',
]);
function secretMembers(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretMembers(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SECRET_MEMBERS.has(k) ? [`${at}/${k}`] : []),
    ...secretMembers(v, `${at}/${k}`),
  ]);
}

/**
 * What POST /auth/can answers the caller for this request, against what the route answers it: allowed
 * unless the route refuses it (403, or the 404 of a project it may not read). Refusals that come from
 * a route's own rules (its declaration's `rule`: the creator of a schedule, the owner of a consent)
 * are left out: /auth/can answers for the declared permission.
 */
async function askCan(
  route: Route,
  req: Req,
  token: string | undefined,
  who: Who,
  want: Expectation,
): Promise<string | undefined> {
  if (token === undefined || route.path === '/auth/logout') return undefined;
  const declared = declarations.get(`${route.method} ${route.path}`);
  const own = route.expect?.[who] !== undefined && want.status >= 400 && declared?.rule !== undefined;
  if (own) return undefined;
  const res = await app.call('POST', '/auth/can', {
    token,
    body: { method: route.method, path: req.url },
  });
  const refused = want.status === 403 || (want.status === 404 && want.code !== undefined);
  if (res.status !== 200 || res.body.allowed !== !refused)
    return `${who}: /auth/can answered ${res.status} ${res.text.slice(0, 200)}, the route ${want.status}`;
  return undefined;
}

describe('authorization matrix: every route, every kind of caller', () => {
  it("each route's declared permission (x-keel-permission) is the matrix's", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      const key = `${route.method} ${route.path}`;
      if (route.path === '/openapi.json' || route.path === '/docs') continue;
      const d = declarations.get(key);
      if (!d) {
        wrong.push(`${key}: no x-keel-permission`);
        continue;
      }
      const [first, ...rest] = permsOf(route);
      if (route.perm === 'public') {
        if (d.callers !== 'anyone') wrong.push(`${key}: declared ${d.callers}, the matrix public`);
        continue;
      }
      if (route.perm === 'authenticated') {
        if (d.callers !== 'signed_in' && d.callers !== 'admins')
          wrong.push(`${key}: declared ${d.callers}, the matrix any signed-in caller`);
        continue;
      }
      // The permission with the path's parameters filled in, as /auth/can reports it to the admin.
      const req = await route.request(++counter, 'admin user');
      const can = await app.call('POST', '/auth/can', {
        token: admin,
        body: { method: route.method, path: req.url },
      });
      if (can.body.permission !== first)
        wrong.push(`${key}: declared ${String(can.body.permission)}, the matrix ${first}`);
      // What it needs besides: everything the matrix's holders need is declared (`also`, or `naming`
      // for what a body may name), and every `also` is something the matrix's holders need.
      const declared = [...(d.also ?? []), ...(d.naming ?? [])];
      const edges = /\/edges\/|plugin-edges/.test(route.path);
      if (
        !edges &&
        (!rest.every((p) => declared.includes(p)) || !(d.also ?? []).every((p) => rest.includes(p)))
      )
        wrong.push(`${key}: declared besides ${declared.join(' ')}, the matrix ${rest.join(' ')}`);
      // The matrix's CAN_ACCESS user holds no permission: refused where the route also needs one no
      // grant stands in for (naming an environment, a link definition), its grant still counts.
      const lacksBesides = rest.some((p) => p !== 'project:read');
      const aclRefused = route.expect?.['user with CAN_ACCESS'] !== undefined && !lacksBesides;
      const acl = aclRefused ? undefined : route.acl;
      if (d.project_access !== acl)
        wrong.push(`${key}: declared CAN_ACCESS ${String(d.project_access)}, the matrix ${String(acl)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the matrix covers every route in /openapi.json (a new route must be added to its table)', async () => {
    const doc = (await app.call('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'head' && m !== 'parameters')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    served.push('GET /openapi.json', 'GET /docs');
    const tabled = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(
      served.filter((r) => !tabled.includes(r)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      tabled.filter((r) => !served.includes(r)),
      'matrix entries no route serves',
    ).toEqual([]);
    expect(new Set(tabled).size, 'a route is in the matrix twice').toBe(tabled.length);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const plan = WHO.flatMap((who) => {
      const want = expectationFor(route, who);
      return want ? [{ who, want }] : [];
    });
    const mismatches: string[] = [];
    const prepare = async ({ who, want }: (typeof plan)[number]) => {
      const caller = callers.get(key(who, route));
      if (!caller) throw new Error(`no caller ${who} for ${route.perm}`);
      const req = await route.request(++counter, who);
      const token = route.path === '/auth/logout' ? await caller.mint() : caller.token;
      return { who, want, req, token };
    };
    const check = async (p: Awaited<ReturnType<typeof prepare>>) => {
      // Asked first: a delete's target is gone once the route has answered.
      const can = await askCan(route, p.req, p.token, p.who, p.want);
      if (can) mismatches.push(can);
      const res = await send(route, p.req, p.token);
      if (res.status !== p.want.status) {
        mismatches.push(`${p.who}: expected ${p.want.status}, got ${res.status} ${res.text.slice(0, 200)}`);
        return;
      }
      const leaked = route.carriesSecrets ? [] : secretMembers(res.body);
      if (leaked.length > 0) mismatches.push(`${p.who}: the answer carries ${leaked.join(', ')}`);
      if (m.targetSa && res.text.includes(m.targetSa.clientSecret) && route.path !== '/auth/token')
        mismatches.push(`${p.who}: the answer carries a client secret`);
      if (p.want.code) {
        expect(res.headers['content-type'], p.who).toContain('application/problem+json');
        expect(res.body.code, p.who).toBe(p.want.code);
      }
      p.want.body?.(res.body, res);
    };

    // Refused calls first, their targets prepared beforehand: together they must change nothing.
    const refused = await Promise.all(plan.filter((p) => p.want.status >= 400).map(prepare));
    const before = await fingerprint();
    for (const p of refused) await check(p);
    expect(await fingerprint(), 'a refused request changed stored data').toBe(before);
    // Allowed calls each on a target prepared just before (deleting an assignment needs it present).
    const allowed = plan.filter((p) => p.want.status < 400);
    for (const p of allowed) await check(await prepare(p));
    expect(mismatches).toEqual([]);
    if (route.ok < 400) expect(allowed.length).toBeGreaterThan(0);
  });
});

describe('no malformed input answers a 500', () => {
  const BODIES: unknown[] = [
    [],
    'text',
    42,
    null,
    { a: { b: [1, { c: null }] } },
    { slug: 'é'.repeat(300), name: 'a\u0000b', email: 'x'.repeat(5000), permissions: [{}], actions: 'all' },
  ];
  // ('..' is left out: URL parsing on the client resolves it before the service sees the path.)
  const PARAMS = ['x'.repeat(300), '%00', '%ZZ', 'UPPER', '%F0%9F%92%A9', '%20', '-', 'a%2Fb'];
  const QUERIES = [
    '?limit=-1',
    '?limit=abc',
    '?cursor=%00',
    '?cursor=zzz',
    '?cursor=',
    '?unknown=1',
    '?limit=1&limit=2',
  ];

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const base = (await route.request(++counter, 'admin user')).url;
    const urls: string[] = [];
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[0]);
    for (const name of names) {
      for (const v of PARAMS) {
        // Replace one parameter of the template, keeping the others as the valid request has them.
        const segs = route.path.split('/');
        const baseSegs = base.split('?')[0]!.split('/');
        urls.push(segs.map((s, i) => (s === name ? v : baseSegs[i])).join('/'));
      }
    }
    if (route.method === 'GET') for (const q of QUERIES) urls.push(`${base.split('?')[0]}${q}`);
    const bodies = ['POST', 'PUT', 'PATCH'].includes(route.method) ? BODIES : [undefined];

    const failures: string[] = [];
    for (const url of [base, ...urls]) {
      for (const body of url === base ? bodies : [undefined]) {
        const token = route.path === '/auth/logout' ? await userToken(app, 'admin@example.com') : admin;
        const res = await app.call(route.method, url, {
          token,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        if (res.status >= 500)
          failures.push(`${url} ${JSON.stringify(body)?.slice(0, 60)}: ${res.status} ${res.text}`);
        else if (res.status >= 400 && route.path !== '/auth/token') {
          expect(res.headers['content-type'], `${url}`).toContain('application/problem+json');
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
