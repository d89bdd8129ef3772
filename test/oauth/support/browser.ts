// A small browser for login tests: a cookie jar per origin (paths respected), redirects followed
// across the Keel API (driven through inject) and real HTTP servers (the providers).
import type { Res, TestApp } from '../../support/harness.js';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

export interface Page {
  url: URL;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** Parsed JSON body when there is one (Keel problems). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Step {
  url: URL;
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
}

export interface FollowOptions {
  /** Stop before requesting a URL for which this is true (e.g. the frontend). */
  until?: (url: URL) => boolean;
  /** A page answered 200: return the next step (a form submission) or nothing to stop there. */
  onPage?: (page: Page) => Step | undefined | Promise<Step | undefined>;
  /** Change a redirect target before following it (tampering tests). */
  rewrite?: (url: URL) => URL;
  /** Stop before following a redirect to this URL (to replay or delay the callback). */
  stopAt?: (url: URL) => boolean;
}

export type FollowResult = { stoppedAt: URL; page?: undefined } | { page: Page; stoppedAt?: undefined };

export class Browser {
  private readonly jars = new Map<string, Cookie[]>();

  constructor(
    private readonly app: TestApp,
    readonly keelOrigin: string,
  ) {}

  cookies(url: URL): Cookie[] {
    return (this.jars.get(url.origin) ?? []).filter((c) => url.pathname.startsWith(c.path));
  }

  /** Drops every cookie (a different browser). */
  clear(): void {
    this.jars.clear();
  }

  private store(url: URL, header: unknown): void {
    const lines = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
    const jar = this.jars.get(url.origin) ?? [];
    for (const line of lines as string[]) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const a of attrs) {
        const [k, v = ''] = a.split('=');
        if (k!.toLowerCase() === 'path') path = v;
        if (k!.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k!.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      const rest = jar.filter((c) => !(c.name === name && c.path === path));
      jar.length = 0;
      jar.push(...rest);
      if (!expired) jar.push({ name, value, path });
    }
    this.jars.set(url.origin, jar);
  }

  async request(step: Step): Promise<Page> {
    const { url } = step;
    const cookie = this.cookies(url)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = cookie ? { cookie } : {};
    let page: Page;
    if (url.origin === this.keelOrigin) {
      const res: Res = await this.app.call(step.method ?? 'GET', `${url.pathname}${url.search}`, {
        headers,
        ...(step.form ? { form: step.form } : {}),
      });
      page = { url, status: res.status, headers: res.headers, text: res.text, body: res.body };
    } else {
      const res = await fetch(url, {
        method: step.method ?? 'GET',
        redirect: 'manual',
        headers: {
          ...headers,
          ...(step.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(step.form ? { body: new URLSearchParams(step.form).toString() } : {}),
      });
      const text = await res.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      page = {
        url,
        status: res.status,
        headers: { ...Object.fromEntries(res.headers), 'set-cookie': res.headers.getSetCookie() },
        text,
        body,
      };
    }
    this.store(url, page.headers['set-cookie']);
    return page;
  }

  /** Requests `start` and follows redirects and interactions until a stop condition or a final page. */
  async follow(start: Step | URL | string, options: FollowOptions = {}): Promise<FollowResult> {
    let step: Step =
      typeof start === 'string' ? { url: new URL(start) } : start instanceof URL ? { url: start } : start;
    for (let i = 0; i < 20; i++) {
      if (options.until?.(step.url)) return { stoppedAt: step.url };
      const page = await this.request(step);
      const location = page.headers.location;
      if (page.status >= 300 && page.status < 400 && typeof location === 'string') {
        let next = new URL(location, step.url);
        if (options.rewrite) next = options.rewrite(next);
        if (options.stopAt?.(next)) return { stoppedAt: next };
        step = { url: next };
        continue;
      }
      const next = page.status === 200 && options.onPage ? await options.onPage(page) : undefined;
      if (!next) return { page };
      step = next;
    }
    throw new Error('too many redirects');
  }
}
