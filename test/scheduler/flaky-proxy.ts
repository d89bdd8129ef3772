// A proxy in front of the Keel API for the scheduler's tests: it forwards every request, records what
// came through (method, path, Idempotency-Key), and can answer in the API's place (a status), drop a
// request before the API sees it, or forward it and drop the API's answer (the change is applied, the
// caller sees a broken connection), one queued behaviour per matching request.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { status: number; headers?: Record<string, string> }
  | { drop: 'request' }
  | { drop: 'answer' }
  /** Holds the request unanswered until the caller gives up (or the proxy closes). */
  | { hang: true };

export interface Seen {
  method: string;
  path: string;
  key: string | undefined;
  fault: string | null;
}

export interface FlakyProxy {
  url: string;
  seen: Seen[];
  /** Queues faults for the next requests whose path starts with `prefix` (and method, when given). */
  fail(prefix: string, faults: Fault[], method?: string): void;
  /** Ends every held request by closing its connection (the caller sees a connection error). */
  releaseHanging(): void;
  /** How many requests are held now. */
  held(): number;
  /** Paths of held requests whose caller closed the connection (an aborted call). */
  aborted: string[];
  /** While down, every request is dropped at once (as an API that is not there). */
  down: boolean;
  close(): Promise<void>;
}

export async function startFlakyProxy(upstream: () => string): Promise<FlakyProxy> {
  const queues: Array<{ prefix: string; method: string | undefined; faults: Fault[] }> = [];
  const seen: Seen[] = [];
  const hanging = new Set<Socket>();
  const aborted: string[] = [];
  const proxy: FlakyProxy = {
    url: '',
    seen,
    aborted,
    down: false,
    fail(prefix, faults, method) {
      queues.push({ prefix, method, faults: [...faults] });
    },
    held: () => hanging.size,
    releaseHanging() {
      for (const s of hanging) s.destroy();
    },
    close: () => {
      for (const s of hanging) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? '/';
    const key = req.headers['idempotency-key'] as string | undefined;
    if (proxy.down) {
      seen.push({ method: req.method!, path, key, fault: 'down' });
      req.socket.destroy();
      return;
    }
    const q = queues.find(
      (x) => x.faults.length > 0 && path.startsWith(x.prefix) && (!x.method || x.method === req.method),
    );
    const fault = q?.faults.shift();
    seen.push({ method: req.method!, path, key, fault: fault ? JSON.stringify(fault) : null });
    if (fault && 'hang' in fault) {
      hanging.add(req.socket);
      req.socket.once('close', () => {
        hanging.delete(req.socket);
        aborted.push(path);
      });
      return;
    }
    if (fault && 'status' in fault) {
      res.writeHead(fault.status, { 'content-type': 'application/problem+json', ...fault.headers });
      res.end(JSON.stringify({ status: fault.status, detail: 'injected by the test proxy' }));
      return;
    }
    if (fault && fault.drop === 'request') {
      req.socket.destroy();
      return;
    }
    const headers = { ...req.headers } as Record<string, string>;
    delete headers.host;
    delete headers.connection;
    const answer = await fetch(`${upstream()}${path}`, {
      method: req.method!,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      redirect: 'manual',
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (fault && fault.drop === 'answer') {
      req.socket.destroy();
      return;
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'transfer-encoding' && k !== 'connection' && k !== 'content-length') out[k] = v;
    });
    res.writeHead(answer.status, out);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
