// Routes whose request body carries a secret. A schedule stores its target's body and shows it to its
// creator and to admins, so a schedule may not carry one: such a target is refused (422), and a body
// stored before the rule is shown with its secret members masked (docs/scheduler.md, "Secrets").
//
// The list is the API's write-only members: every request-body member its OpenAPI document marks
// `writeOnly` is here, which test/scheduler/secret-targets.test.ts checks against the live document,
// so a new secret member of a route cannot be forgotten.
import type { Target } from './target.js';

export interface SecretRoute {
  method: Target['method'];
  /** The route's path as the OpenAPI document writes it (`{param}` for a parameter). */
  template: string;
  /** The body members that are secrets. */
  members: readonly string[];
  /** What the secret is, for the refusal. */
  what: string;
}

export const SECRET_ROUTES: readonly SecretRoute[] = [
  { method: 'POST', template: '/users', members: ['password'], what: 'a password' },
  {
    method: 'PATCH',
    template: '/users/{email}',
    members: ['password', 'current_password'],
    what: 'a password',
  },
  {
    method: 'PUT',
    template: '/admin/oauth-providers/{slug}',
    members: ['client_secret'],
    what: 'an OAuth client secret',
  },
  {
    method: 'POST',
    template: '/organizations/{org}/ai-providers',
    members: ['api_key'],
    what: 'an AI provider credential',
  },
  {
    method: 'PUT',
    template: '/organizations/{org}/ai-providers/{id}/credentials',
    members: ['api_key'],
    what: 'an AI provider credential',
  },
  { method: 'POST', template: '/admin/webhooks', members: ['secret'], what: 'a webhook secret' },
  { method: 'PATCH', template: '/admin/webhooks/{slug}', members: ['secret'], what: 'a webhook secret' },
];

/**
 * The segments of a target path as the router may read them: the query dropped, percent-encoding
 * decoded (up to three times, as targetPathProblem does), repeated and trailing slashes folded, each
 * segment cut at `;` and lower-cased. Reading more loosely than the router only refuses more.
 */
function segmentsOf(path: string): string[] {
  let p = path.split('?', 1)[0]!;
  for (let i = 0; i < 3 && /%[0-9a-fA-F]{2}/.test(p); i++) {
    try {
      p = decodeURIComponent(p);
    } catch {
      break;
    }
  }
  return p
    .split('/')
    .map((s) => s.split(';', 1)[0]!.toLowerCase())
    .filter((s) => s !== '');
}

function matches(route: SecretRoute, segments: readonly string[]): boolean {
  const want = route.template.split('/').filter((s) => s !== '');
  if (want.length !== segments.length) return false;
  return want.every((w, i) => w.startsWith('{') || w.toLowerCase() === segments[i]);
}

/** The secret routes a target's method and path may reach. */
function routesOf(target: Pick<Target, 'method' | 'path'>): SecretRoute[] {
  const segments = segmentsOf(target.path);
  return SECRET_ROUTES.filter((r) => r.method === target.method && matches(r, segments));
}

/** The secret members `body` holds, at any depth, compared without case (an object's own keys). */
function holds(body: unknown, members: ReadonlySet<string>, found: Set<string>, depth = 0): void {
  if (typeof body !== 'object' || body === null || depth > 64) return;
  for (const [k, v] of Object.entries(body)) {
    if (members.has(k.toLowerCase())) found.add(k);
    holds(v, members, found, depth + 1);
  }
}

/**
 * The scheduler's own routes that take a schedule: a target that creates or changes a schedule carries
 * that schedule's target in its body, which must be checked as a target too (such a call never
 * succeeds, as a job may not create jobs, but the outer schedule would store the body all the same).
 */
const SCHEDULE_ROUTES: readonly Pick<SecretRoute, 'method' | 'template'>[] = [
  { method: 'POST', template: '/scheduler/schedules' },
  { method: 'PATCH', template: '/scheduler/schedules/{slug}' },
];

/** The target a schedule-taking body carries, when it is one; depth bounds the nesting. */
function innerTarget(target: Target): Target | undefined {
  const segments = segmentsOf(target.path);
  const takes = SCHEDULE_ROUTES.some(
    (r) => r.method === target.method && matches({ ...r, members: [], what: '' }, segments),
  );
  if (!takes || typeof target.body !== 'object' || target.body === null) return undefined;
  const inner = (target.body as Record<string, unknown>).target;
  if (typeof inner !== 'object' || inner === null) return undefined;
  const { method, path, body } = inner as Record<string, unknown>;
  if (typeof method !== 'string' || typeof path !== 'string') return undefined;
  return { method: method.toUpperCase() as Target['method'], path, body };
}

/**
 * Why a target may not be stored, when its body carries a secret of the route it calls: undefined
 * when it carries none. Names the members and what they are, never their values.
 */
export function secretTargetProblem(target: Target, depth = 0): string | undefined {
  if (target.body === undefined) return undefined;
  const inner = depth < 8 ? innerTarget(target) : undefined;
  if (inner) {
    const problem = secretTargetProblem(inner, depth + 1);
    if (problem) return `holds a schedule whose target ${problem}`;
  }
  for (const route of routesOf(target)) {
    const found = new Set<string>();
    holds(target.body, new Set(route.members.map((m) => m.toLowerCase())), found);
    if (found.size > 0) {
      return (
        `carries ${route.what} (${[...found].join(', ')}): a schedule shows its target to its creator ` +
        'and to admins and stores it as sent, so it may not hold a secret; make this change directly'
      );
    }
  }
  return undefined;
}

export const MASKED = '[secret: not shown]';

/** A stored body with its secret members masked (a schedule stored before secrets were refused). */
export function maskedBody(target: Target): unknown {
  const routes = routesOf(target);
  if (target.body === undefined || routes.length === 0) return target.body;
  const members = new Set(routes.flatMap((r) => r.members.map((m) => m.toLowerCase())));
  const mask = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || depth > 64) return v;
    if (Array.isArray(v)) return v.map((x) => mask(x, depth + 1));
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, members.has(k.toLowerCase()) ? MASKED : mask(x, depth + 1)]),
    );
  };
  return mask(target.body, 0);
}
