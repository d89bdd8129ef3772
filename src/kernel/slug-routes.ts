// The standard routes of a resource addressed by slug: create, list (keyset pages), read, change
// (the resource, or 204 when the caller may change it but not read it) and delete. One builder serves
// every such resource, as the plugin router serves every plugin label; a domain gives its schemas and
// its service, and adds whatever routes are its own beside these.
import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import type { Page } from '../http/pagination.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { NoContent, PageQuery, SlugParams, responses, writeAnswers } from '../http/schemas.js';
import type { AuthContext } from './context.js';
import type { Api } from './domain.js';
import { authOf, updatedOrNoContent } from './route.js';

/** What a resource's service offers the standard routes; every method authorizes first. */
export interface SlugResource<R, C, P> {
  create(ctx: AuthContext, input: C): Promise<R>;
  list(ctx: AuthContext, page: Page): Promise<{ items: R[]; next: string | undefined }>;
  get(ctx: AuthContext, slug: string): Promise<R>;
  /** The resource as changed, or nothing when the caller may change it but not read it. */
  update(ctx: AuthContext, slug: string, input: P): Promise<R | null | undefined>;
  remove(ctx: AuthContext, slug: string): Promise<void>;
}

export interface SlugRoutesSpec<R extends TSchema, C extends TSchema, P extends TSchema> {
  /** The collection's path, e.g. `/environments`; one resource is `${path}/:slug`. */
  path: string;
  tags: string[];
  /** The resource's name in descriptions ("environment"). */
  noun: string;
  read: R;
  create: C;
  patch: P;
  /** Summaries of the operations, where the verb alone does not say enough. */
  summaries?: Partial<Record<'create' | 'list' | 'get' | 'update' | 'remove', string>>;
}

export function slugRoutes<R extends TSchema, C extends TSchema, P extends TSchema>(
  api: Api,
  spec: SlugRoutesSpec<R, C, P>,
  service: SlugResource<Static<R>, Static<C>, Static<P>>,
): void {
  const { path, tags, noun, summaries = {} } = spec;
  const one = `${path}/:slug`;
  const summary = (op: keyof NonNullable<typeof spec.summaries>) =>
    summaries[op] === undefined ? {} : { summary: summaries[op] };
  api.post(
    path,
    {
      schema: { tags, ...summary('create'), body: spec.create, response: responses({ 201: spec.read }) },
    },
    async (req, reply) => reply.code(201).send(await service.create(authOf(req), req.body as Static<C>)),
  );
  api.get(
    path,
    {
      schema: {
        tags,
        ...summary('list'),
        querystring: PageQuery,
        response: responses({ 200: Type.Array(spec.read) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await service.list(authOf(req), page));
    },
  );
  api.get(
    one,
    { schema: { tags, ...summary('get'), params: SlugParams, response: responses({ 200: spec.read }) } },
    async (req) => service.get(authOf(req), req.params.slug),
  );
  api.patch(
    one,
    {
      schema: {
        tags,
        ...summary('update'),
        params: SlugParams,
        body: spec.patch,
        ...writeAnswers(spec.read, noun),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await service.update(authOf(req), req.params.slug, req.body as Static<P>)),
  );
  api.delete(
    one,
    { schema: { tags, ...summary('remove'), params: SlugParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await service.remove(authOf(req), req.params.slug);
      return reply.code(204).send(null);
    },
  );
}
