// Steady load through the balancer: operations-log writes and comments at a fixed rate (open loop: a
// slow answer does not slow the next request), and readers polling. Every request is recorded.

export type Kind = 'oplog' | 'comment' | 'read-oplog' | 'read-comments';

export interface Outcome {
  kind: Kind;
  /** start, ms since the epoch */
  t: number;
  ms: number;
  /** HTTP status, or 0 for a request that got no answer within the timeout ("hang") or failed to connect */
  status: number;
  /** the answer was application/problem+json */
  problem: boolean;
  code?: string;
  error?: string;
  /** the created entity's id, for an accepted write */
  id?: string;
}

export interface LoadOptions {
  base: string;
  token: () => string;
  org: string;
  project: string;
  environment: string;
  writesPerSecond: number;
  readsPerSecond: number;
  timeoutMs: number;
}

async function call(
  o: LoadOptions,
  kind: Kind,
  method: string,
  path: string,
  body?: unknown,
): Promise<Outcome> {
  const t = Date.now();
  try {
    const res = await fetch(`${o.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${o.token()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    const out: Outcome = {
      kind,
      t,
      ms: Date.now() - t,
      status: res.status,
      problem: type.includes('problem+json'),
    };
    try {
      const parsed = JSON.parse(text) as { id?: unknown; code?: unknown };
      if (res.status === 201 && typeof parsed.id === 'string') out.id = parsed.id;
      if (typeof parsed.code === 'string') out.code = parsed.code;
    } catch {
      /* not JSON: recorded by status and type */
    }
    return out;
  } catch (err) {
    return { kind, t, ms: Date.now() - t, status: 0, problem: false, error: (err as Error).name };
  }
}

export function startLoad(o: LoadOptions) {
  const outcomes: Outcome[] = [];
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  let stopped = false;
  const launch = (p: Promise<Outcome>) => {
    const done = p.then((r) => {
      outcomes.push(r);
      inFlight.delete(done);
    });
    inFlight.add(done);
  };
  const write = () => {
    if (stopped) return;
    const i = n++;
    if (i % 2 === 0) {
      launch(
        call(o, 'oplog', 'POST', `/organizations/${o.org}/operations-log`, {
          project: o.project,
          environment: o.environment,
          entry_type: 'Deployed',
          description: `cluster write ${i}`,
          version: `1.0.${i}`,
        }),
      );
    } else {
      launch(
        call(o, 'comment', 'POST', `/organizations/${o.org}/projects/${o.project}/comments`, {
          body: `cluster comment ${i}`,
        }),
      );
    }
  };
  let r = 0;
  const read = () => {
    if (stopped) return;
    if (r++ % 2 === 0)
      launch(call(o, 'read-oplog', 'GET', `/organizations/${o.org}/operations-log?limit=20`));
    else
      launch(
        call(o, 'read-comments', 'GET', `/organizations/${o.org}/projects/${o.project}/comments?limit=20`),
      );
  };
  const writer = setInterval(write, 1000 / o.writesPerSecond);
  const reader = setInterval(read, 1000 / o.readsPerSecond);
  return {
    outcomes,
    async stop() {
      stopped = true;
      clearInterval(writer);
      clearInterval(reader);
      await Promise.all([...inFlight]);
    },
  };
}
