// The console's only way to Keel: the public API, with the signed-in person's token. The tokens live in
// this module's memory alone (never in storage, cookies or the URL); a reload signs the person out.

export interface FieldError {
  pointer: string;
  detail: string;
}

/** An API answer that is not a success: its problem+json `detail` and 422 pointers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
  }
  /** The message for one form field, by its JSON pointer (`/cron`, `/target/path`). */
  at(pointer: string): string | undefined {
    return this.errors.find((e) => e.pointer === pointer)?.detail;
  }
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
}

interface Session {
  access: string;
  refresh: string | null;
  timer: ReturnType<typeof setTimeout> | null;
}

let session: Session | null = null;
const listeners = new Set<() => void>();

export const signedIn = () => session !== null;
export function onSessionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function setSession(answer: TokenAnswer | null): void {
  if (session?.timer) clearTimeout(session.timer);
  session = answer
    ? { access: answer.access_token, refresh: answer.refresh_token ?? session?.refresh ?? null, timer: null }
    : null;
  // Renew a minute before the access token ends, so a person at work is never cut off.
  if (session?.refresh && answer) {
    session.timer = setTimeout(() => void refresh(), Math.max(5, answer.expires_in - 60) * 1000);
  }
  listeners.forEach((fn) => fn());
}

async function problemOf(res: Response): Promise<ApiError> {
  let body: { detail?: string; error_description?: string; errors?: FieldError[] } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  const detail = body.detail ?? body.error_description ?? `${res.status} ${res.statusText}`;
  return new ApiError(res.status, detail, Array.isArray(body.errors) ? body.errors : []);
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh token for new tokens (rotation); false, and signed out, when it no longer works. */
export function refresh(): Promise<boolean> {
  const token = session?.refresh;
  if (!token) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const res = await fetch('/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      });
      if (!res.ok) {
        setSession(null);
        return false;
      }
      setSession((await res.json()) as TokenAnswer);
      return true;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** One authenticated call; a 401 renews the tokens once and retries. Errors become ApiError. */
async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const send = () =>
    fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(session ? { authorization: `Bearer ${session.access}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  let res = await send();
  if (res.status === 401 && session && (await refresh())) res = await send();
  if (!res.ok) throw await problemOf(res);
  return res;
}

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(method, path, body);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A list page of the API: its items and the next page's path, from the Link header. */
export async function page<T>(path: string): Promise<{ items: T[]; next: string | null }> {
  const res = await call('GET', path);
  const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  return { items: (await res.json()) as T[], next };
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const res = await fetch('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw await problemOf(res);
  setSession((await res.json()) as TokenAnswer);
}

/** The OAuth callback's tokens arrive in the URL fragment; they are taken and wiped from the address bar. */
export function takeTokensFromFragment(): string | null {
  const params = new URLSearchParams(location.hash.slice(1));
  history.replaceState(null, '', location.pathname);
  const access = params.get('access_token');
  if (!access) return null;
  setSession({
    access_token: access,
    expires_in: Number(params.get('expires_in') ?? 3600),
    refresh_token: params.get('refresh_token') ?? undefined,
  } as TokenAnswer);
  return params.get('redirect_to');
}

/** Revokes the access token and this sign-in's refresh token at the API, then forgets both. */
export async function signOut(): Promise<void> {
  try {
    if (session)
      await fetch('/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access}`, 'content-type': 'application/json' },
        body: JSON.stringify(session.refresh ? { refresh_token: session.refresh } : {}),
      });
  } finally {
    setSession(null);
  }
}
