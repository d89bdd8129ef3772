import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { sendCached, type PageCache } from '../http/page-cache.js';
import { nextLink, parsePage, sendPage } from '../http/pagination.js';
import { NoContent, PageQuery, Timestamp, responses } from '../http/schemas.js';
import { jsonBodyParser } from '../http/json-body.js';
import { rawJsonBodyParser, rawJsonSchema } from '../http/raw-json.js';
import { authOf } from '../kernel/route.js';
import { isEdgeCursor, type PluginEntitiesService } from './entities.service.js';
import type { PluginsService } from './plugins.service.js';
import type { DocumentPool } from './document-pool.js';
import { EdgeBody } from './edge-body.js';

/** Path segments reach SQL as bound text parameters, which cannot hold NUL. */
const NO_NUL = '^[^\\u0000]*$';
const NO_NUL_WORDS = 'text without NUL characters';
const Param = Type.String({ maxLength: 200, pattern: NO_NUL, 'x-expected': NO_NUL_WORDS });
const JsonObject = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });
/**
 * A stored JSON object in a response. Declared without a type so the serializer hands it to
 * JSON.stringify whole (a patternProperties schema costs three times as much on a 50-item page);
 * the service only ever puts objects here.
 */
const StoredObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ description: `a JSON object: ${description}` });
const AnySchema = Type.Unknown({ description: 'a JSON Schema, draft 2020-12' });

const PluginRead = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  version: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  revision: Type.Integer({ description: 'grows by one with every change of the manifest' }),
  vertex_labels: Type.Array(
    Type.Object({ name: Type.String(), display_name: Type.String(), schema: AnySchema }),
  ),
  edge_labels: Type.Array(
    Type.Object({
      source_label: Type.String(),
      edge_label: Type.String(),
      target_label: Type.String(),
      schema: Type.Union([AnySchema, Type.Null()]),
    }),
  ),
  permissions: Type.Array(Type.String(), { description: 'the permissions derived from the labels' }),
  installed_by: Type.String(),
  updated_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const ManifestBody = Type.Object(
  {
    manifest: Type.Unknown({
      description: 'the plugin manifest: a JSON object, or its YAML or JSON text (see docs/plugins.md)',
    }),
  },
  { additionalProperties: false },
);
const EntityRead = Type.Object({
  id: Type.String({ format: 'uuid' }),
  plugin: Type.String(),
  label: Type.String(),
  properties: StoredObject("the entity's document, valid against the label's JSON Schema"),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const EdgeFields = {
  plugin: Type.String(),
  label: Type.String(),
  source_id: Type.String(),
  source_label: Type.String(),
  target_id: Type.String(),
  target_label: Type.String(),
  properties: StoredObject('the edge properties'),
  created_at: Timestamp,
};
const EdgeRead = Type.Object(EdgeFields);
const EndName = (end: string) =>
  Type.Union([Type.String(), Type.Null()], {
    description: `the ${end} end's name when it is an environment, project, team or organization; null for a plugin entity (read it by id)`,
  });
const ListedEdgeRead = Type.Object({
  ...EdgeFields,
  source_name: EndName('source'),
  target_name: EndName('target'),
});
const AnchoredEdgeRead = Type.Object({
  ...EdgeFields,
  entity: Type.Object(
    {
      id: Type.String(),
      label: Type.String(),
      plugin: Type.Union([Type.String(), Type.Null()]),
      properties: StoredObject('a plugin entity: its document; a first-class node: its slug and name'),
      created_at: Timestamp,
      updated_at: Timestamp,
    },
    { description: 'the node at the other end of the edge' },
  ),
});
const SearchQuery = Type.Object(
  {
    ...PageQuery.properties,
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        pattern: NO_NUL,
        'x-expected': NO_NUL_WORDS,
        description: 'case-insensitive substring of a top-level property the schema types as a string',
      }),
    ),
  },
  { additionalProperties: false },
);
const EdgeQuery = Type.Object(
  {
    ...PageQuery.properties,
    source_id: Type.Optional(Type.String({ format: 'uuid' })),
    target_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
const PluginParams = Type.Object({ slug: Param });
const LabelParams = Type.Object({ slug: Param, label: Param });
const EntityParams = Type.Object({ slug: Param, label: Param, id: Param });
const EdgeParams = Type.Object({ slug: Param, label: Param, source_id: Param, target_id: Param });
export async function pluginRoutes(
  api: Api,
  plugins: PluginsService,
  entities: PluginEntitiesService,
  pages: PageCache,
  documents: DocumentPool,
): Promise<void> {
  const tags = ['plugins'];
  api.get(
    '/admin/plugins',
    { schema: { tags, querystring: SearchQuery, response: responses({ 200: Type.Array(PluginRead) }) } },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await plugins.list(authOf(req), page, req.query.q));
    },
  );
  api.post(
    '/admin/plugins',
    {
      schema: {
        tags,
        summary: 'Install a plugin',
        body: ManifestBody,
        response: responses({ 201: PluginRead }),
      },
      config: { encodedBody: true },
    },
    async (req, reply) => reply.code(201).send(await plugins.install(authOf(req), req.body.manifest)),
  );
  api.get(
    '/admin/plugins/:slug',
    { schema: { tags, params: PluginParams, response: responses({ 200: PluginRead }) } },
    async (req) => plugins.get(authOf(req), req.params.slug),
  );
  api.put(
    '/admin/plugins/:slug',
    {
      schema: {
        tags,
        summary: 'Upgrade a plugin (409 when stored entities or edges would no longer be valid)',
        params: PluginParams,
        body: ManifestBody,
        response: responses({ 200: PluginRead }),
      },
      config: { encodedBody: true },
    },
    async (req) => plugins.upgrade(authOf(req), req.params.slug, req.body.manifest),
  );
  api.delete(
    '/admin/plugins/:slug',
    {
      schema: {
        tags,
        summary: 'Uninstall a plugin (409 while it holds entities or edges, unless purge=true)',
        params: PluginParams,
        querystring: Type.Object({ purge: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await plugins.uninstall(authOf(req), req.params.slug, req.query.purge ?? false);
      return reply.code(204).send(null);
    },
  );

  // The generic router, in a scope of its own so that PATCH also accepts application/merge-patch+json.
  await api.register(async (instance) => {
    const scoped = instance as unknown as Api;
    scoped.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, jsonBodyParser);
    // Documents may hold any text (U+0000, lone surrogates): they are stored in a form that keeps it
    // (document-codec.ts).
    scoped.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), encodedBody: true };
    });
    const tags = ['plugin entities'];
    const base = '/admin/plugins/:slug/entities/:label';
    scoped.get(
      base,
      {
        schema: {
          tags,
          params: LabelParams,
          querystring: SearchQuery,
          response: responses({ 200: Type.Array(EntityRead) }),
        },
      },
      async (req, reply) => {
        const read = await entities.reader(authOf(req), req.params.slug, req.params.label);
        return sendCached(req, reply, pages, read.scope, async () => {
          const page = parsePage(req.query);
          const { json, next } = await read.list(page, req.query.q);
          return { body: json, link: nextLink(req, page, next) };
        });
      },
    );
    // A document is posted as bytes: it is parsed, checked and validated by the document pool, off the
    // event loop when it is large (document-pool.ts); the body schema here documents it.
    await scoped.register(async (instance) => {
      const raw = instance as unknown as Api;
      const parser = rawJsonBodyParser(documents.bodyCheck);
      for (const type of ['application/json', 'application/merge-patch+json']) {
        raw.removeContentTypeParser(type);
        raw.addContentTypeParser(type, { parseAs: 'buffer' }, parser);
      }
      raw.post(
        base,
        {
          schema: {
            tags,
            summary:
              'Create an entity (503 with Retry-After while too many large documents wait to be validated)',
            params: LabelParams,
            body: rawJsonSchema(
              JsonObject("the entity's document, validated against the label's JSON Schema"),
            ),
            response: responses({ 201: EntityRead }),
          },
        },
        async (req, reply) => {
          const answer = await entities.create(authOf(req), req.params.slug, req.params.label, req.body);
          return reply.code(201).type('application/json; charset=utf-8').send(answer);
        },
      );
      raw.patch(
        `${base}/:id`,
        {
          schema: {
            tags,
            summary:
              'JSON Merge Patch (RFC 7396); the merged document is validated again (503 with Retry-After while too many large documents wait to be validated)',
            params: EntityParams,
            body: rawJsonSchema(JsonObject('a JSON Merge Patch of the document: null removes a member')),
            response: responses({ 200: EntityRead }),
          },
        },
        async (req, reply) => {
          const { slug, label, id } = req.params;
          const answer = await entities.patch(authOf(req), slug, label, id, req.body);
          return reply.type('application/json; charset=utf-8').send(answer);
        },
      );
    });
    scoped.get(
      `${base}/:id`,
      { schema: { tags, params: EntityParams, response: responses({ 200: EntityRead }) } },
      async (req, reply) => {
        const read = await entities.reader(authOf(req), req.params.slug, req.params.label);
        return sendCached(req, reply, pages, read.scope, async () => ({
          body: await read.get(req.params.id),
          link: undefined,
        }));
      },
    );
    scoped.delete(
      `${base}/:id`,
      { schema: { tags, params: EntityParams, response: responses({ 204: NoContent }) } },
      async (req, reply) => {
        await entities.remove(authOf(req), req.params.slug, req.params.label, req.params.id);
        return reply.code(204).send(null);
      },
    );

    const edges = '/admin/plugins/:slug/edges/:label';
    scoped.get(
      edges,
      {
        schema: {
          tags,
          params: LabelParams,
          querystring: EdgeQuery,
          response: responses({ 200: Type.Array(ListedEdgeRead) }),
        },
      },
      async (req, reply) => {
        const page = parsePage(req.query, isEdgeCursor);
        const { slug, label } = req.params;
        return sendPage(
          req,
          reply,
          page,
          await entities.listEdges(authOf(req), slug, label, page, req.query),
        );
      },
    );
    // An edge write's body is bytes too: the pool parses it, checks it against EdgeBody and validates
    // its properties (edge-body.ts); a body examined before the handler is checked against EdgeBody.
    await scoped.register(async (instance) => {
      const raw = instance as unknown as Api;
      const parser = rawJsonBodyParser(documents.edgeBodyCheck);
      for (const type of ['application/json', 'application/merge-patch+json']) {
        raw.removeContentTypeParser(type);
        raw.addContentTypeParser(type, { parseAs: 'buffer' }, parser);
      }
      raw.post(
        edges,
        {
          schema: {
            tags,
            summary:
              'Create an edge (201), or replace the properties of the existing one (200); 503 with Retry-After while too many large documents wait to be validated',
            params: LabelParams,
            body: rawJsonSchema(EdgeBody),
            response: responses({ 200: EdgeRead, 201: EdgeRead }),
          },
        },
        async (req, reply) => {
          const r = await entities.putEdge(authOf(req), req.params.slug, req.params.label, req.body);
          return reply
            .code(r.created ? 201 : 200)
            .type('application/json; charset=utf-8')
            .send(r.json);
        },
      );
    });
    scoped.delete(
      `${edges}/:source_id/:target_id`,
      { schema: { tags, params: EdgeParams, response: responses({ 204: NoContent }) } },
      async (req, reply) => {
        const { slug, label, source_id, target_id } = req.params;
        await entities.removeEdge(authOf(req), slug, label, source_id, target_id);
        return reply.code(204).send(null);
      },
    );
    for (const [kind, path, summary] of [
      ['entities', base, "The entity label's JSON Schema"],
      ['edges', edges, "The JSON Schema of the edge label's properties"],
    ] as const) {
      scoped.get(
        `${path}/_schema`,
        { schema: { tags, summary, params: LabelParams, response: responses({ 200: AnySchema }) } },
        async (req) => entities.schema(authOf(req), req.params.slug, req.params.label, kind),
      );
    }
    scoped.get(
      '/admin/environments/:slug/plugin-edges/:plugin/:label',
      {
        schema: {
          tags,
          summary:
            "A plugin's edges of one label that start or end at the environment, with the entity at the other end",
          params: Type.Object({ slug: Param, plugin: Param, label: Param }),
          querystring: PageQuery,
          response: responses({ 200: Type.Array(AnchoredEdgeRead) }),
        },
      },
      async (req, reply) => {
        const page = parsePage(req.query, isEdgeCursor);
        const { slug, plugin, label } = req.params;
        return sendPage(
          req,
          reply,
          page,
          await entities.environmentEdges(authOf(req), slug, plugin, label, page),
        );
      },
    );
  });
}
