// Local HTTP servers that speak the vendors' model-list wire formats, so discovery is tested against
// real HTTP without reaching any real vendor.
//  - shape 'a' (Messages API vendor): GET /v1/models, `x-api-key` or a bearer key, pages by `limit` + `after_id`,
//    `{data: [{type, id, display_name, created_at, max_input_tokens, max_tokens}], has_more, first_id, last_id}`.
//  - shape 'b' (OpenAI shape): GET /v1/models, `Authorization: Bearer`, `{object: 'list', data: [...]}`,
//    optionally paged with `has_more` + `last_id` and `?after=`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModel {
  id: string;
  display_name?: string;
  max_input_tokens?: number | null;
  max_tokens?: number | null;
  /** Extra fields a compatible server reports (context_length, max_model_len...). */
  extra?: Record<string, unknown>;
}

export type Behaviour =
  | 'ok'
  /** 401 whose body echoes the key it was given (real vendors do similar things). */
  | 'unauthorized'
  /** 200 with a JSON content type and a body that is not JSON (and contains the key). */
  | 'malformed'
  /** 200 JSON that is not a model list. */
  | 'not_a_list'
  /** Never answers (until the server closes). */
  | 'hang'
  /** 500 with an HTML body quoting the key. */
  | 'server_error'
  /** 302 to somewhere else. */
  | 'redirect';

export interface SeenRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
}

export class FakeVendor {
  models: FakeModel[] = [];
  behaviour: Behaviour = 'ok';
  /** Models per page; the server pages even when the client asks for more (as servers may). */
  pageSize = 1000;
  /** Shape 'b' only: whether to page at all (plain OpenAI lists everything at once). */
  paginate = false;
  /** Milliseconds each answer waits (a slow server, each page just inside the call timeout). */
  delayMs = 0;
  /** The key the server accepts; null accepts requests without one. */
  key: string | null = null;
  requests: SeenRequest[] = [];
  private server: http.Server;
  port = 0;

  constructor(readonly shape: 'a' | 'b') {
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Base URL as a provider would store it: shape 'a' without /v1 (the SDK adds it), 'b' with. */
  get baseUrl(): string {
    return this.shape === 'a' ? `http://127.0.0.1:${this.port}` : `http://127.0.0.1:${this.port}/v1`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private presentedKey(req: http.IncomingMessage): string | undefined {
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    // The Messages API vendor accepts its key as x-api-key or as a bearer token (what the SDK sends).
    if (this.shape === 'a') return (req.headers['x-api-key'] as string | undefined) ?? bearer;
    return bearer;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests.push({ url: req.url ?? '', headers: req.headers });
    if (this.delayMs > 0) {
      setTimeout(() => this.answer(req, res), this.delayMs);
      return;
    }
    this.answer(req, res);
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const given = this.presentedKey(req);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(body));
    };
    if (this.behaviour === 'hang') return;
    if (url.pathname !== '/v1/models') return json(404, { error: { message: `no route ${url.pathname}` } });
    if (this.behaviour === 'unauthorized' || (this.key !== null && given !== this.key)) {
      return json(401, {
        type: 'error',
        error: { type: 'authentication_error', message: `invalid x-api-key: ${given ?? '(none)'}` },
      });
    }
    if (this.behaviour === 'server_error') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return void res.end(`<html>internal error for key ${given}</html>`);
    }
    if (this.behaviour === 'redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void res.end();
    }
    if (this.behaviour === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(`{"data": [ oops ${given}`);
    }
    if (this.behaviour === 'not_a_list') return json(200, { message: `hello ${given}`, data: 'nope' });

    if (this.shape === 'a') {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), this.pageSize);
      const afterId = url.searchParams.get('after_id');
      const start = afterId ? this.models.findIndex((m) => m.id === afterId) + 1 : 0;
      const page = this.models.slice(start, start + limit);
      return json(200, {
        data: page.map((m) => ({
          type: 'model',
          id: m.id,
          display_name: m.display_name ?? m.id,
          created_at: '2025-01-01T00:00:00Z',
          max_input_tokens: m.max_input_tokens ?? null,
          max_tokens: m.max_tokens ?? null,
          ...m.extra,
        })),
        has_more: start + limit < this.models.length,
        first_id: page[0]?.id ?? null,
        last_id: page[page.length - 1]?.id ?? null,
      });
    }
    const entry = (m: FakeModel) => ({
      id: m.id,
      object: 'model',
      created: 1_700_000_000,
      owned_by: 'fake',
      ...m.extra,
    });
    if (!this.paginate) return json(200, { object: 'list', data: this.models.map(entry) });
    const after = url.searchParams.get('after');
    const start = after ? this.models.findIndex((m) => m.id === after) + 1 : 0;
    const page = this.models.slice(start, start + this.pageSize);
    return json(200, {
      object: 'list',
      data: page.map(entry),
      has_more: start + this.pageSize < this.models.length,
      last_id: page[page.length - 1]?.id ?? null,
    });
  }
}
