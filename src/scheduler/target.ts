// A schedule's target is a path on the Keel API; nothing in it may lead the request anywhere else.

export const TARGET_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type TargetMethod = (typeof TARGET_METHODS)[number];
export const BODY_METHODS: readonly TargetMethod[] = ['POST', 'PUT', 'PATCH'];

export interface Target {
  method: TargetMethod;
  path: string;
  body?: unknown;
}

/**
 * Why `path` is not a safe relative path on the API, or undefined. Refused: anything that is not
 * `/` followed by path characters (a scheme, `//host`, backslashes, controls, spaces, a fragment), and
 * `.`/`..` segments whether written plainly or percent-encoded (`%2e%2e`, `%2f`), since a proxy or
 * router in front of the API may decode them.
 */
export function targetPathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'must start with / (a path on the Keel API, no scheme or host)';
  if (path.startsWith('//')) return 'must not start with // (that names a host)';
  if (!/^[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]+$/.test(path)) {
    return 'may only hold URL path and query characters (no backslash, space, control character or #)';
  }
  const [rawPath] = path.split('?', 1) as [string];
  let decoded = rawPath;
  // Decode until stable, so that double encoding (%252e) cannot hide a dot segment either.
  for (let i = 0; i < 3 && /%[0-9a-fA-F]{2}/.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return 'holds an invalid percent-encoding';
    }
  }
  if (/%(?![0-9a-fA-F]{2})/.test(rawPath)) return 'holds an invalid percent-encoding';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return 'must not encode a backslash or control character';
  if (decoded.startsWith('//')) return 'must not start with // (that names a host)';
  if (decoded.split('/').some((seg) => seg === '.' || seg === '..')) return 'must not hold . or .. segments';
  if (isSignInRoute(decoded)) {
    return 'must not be a sign-in route (/auth/login, /auth/token, /auth/oauth/...): they take no delegated token';
  }
  return undefined;
}

/**
 * The public sign-in routes. They take no bearer token, so a job there would not act as its user: the
 * scheduler would only relay an anonymous request from its own address, and a failed sign-in counts
 * against that address (the sign-in throttle), where the scheduler's own token requests come from.
 * Compared without case and with repeated or trailing slashes folded, as a proxy in front may fold them.
 */
function isSignInRoute(decodedPath: string): boolean {
  const p = decodedPath.toLowerCase().replace(/\/+/g, '/').replace(/\/$/, '');
  return p === '/auth/login' || p === '/auth/token' || p.startsWith('/auth/oauth/');
}

/** The absolute URL of a target on `apiBase`; throws when the result would leave the API's origin. */
export function targetUrl(apiBase: string, path: string): URL {
  const problem = targetPathProblem(path);
  if (problem) throw new Error(`target path ${problem}`);
  const base = new URL(apiBase);
  const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`);
  if (url.origin !== base.origin) throw new Error('target path leaves the API origin');
  return url;
}
