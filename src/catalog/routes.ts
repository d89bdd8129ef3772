import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { NoContent, PageQuery, responses, writeAnswers } from '../http/schemas.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import type { DiscoveryService } from './discovery.service.js';
import { DRIVERS } from './drivers.js';
import type { ModelsService } from './models.service.js';
import type { ProvidersService } from './providers.service.js';
import {
  CredentialsPut,
  DiscoverRead,
  DriverRead,
  IdParams,
  ImportBody,
  ModelCreate,
  ModelListQuery,
  ModelPatch,
  ModelRead,
  OrgParams,
  ProviderCreate,
  ProviderPatch,
  ProviderRead,
} from './schemas.js';

const tags = ['ai-catalog'];
const P = '/organizations/:org/ai-providers';
const M = '/organizations/:org/ai-models';

export function catalogRoutes(
  api: Api,
  s: { providers: ProvidersService; models: ModelsService; discovery: DiscoveryService },
): void {
  api.get(
    '/ai-provider-drivers',
    {
      schema: {
        tags,
        summary: 'The supported drivers (static; adding one is a release)',
        response: responses({ 200: Type.Array(DriverRead) }),
      },
    },
    async (req) => {
      authOf(req);
      return DRIVERS;
    },
  );

  // --- providers
  api.post(
    P,
    {
      schema: {
        tags,
        summary: 'Configure a provider (ai_model:create); an api_key is encrypted on receipt',
        params: OrgParams,
        body: ProviderCreate,
        response: responses({ 201: ProviderRead }),
      },
    },
    async (req, reply) =>
      reply.code(201).send(await s.providers.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    P,
    {
      schema: {
        tags,
        params: OrgParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(ProviderRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await s.providers.list(authOf(req), req.params.org, page));
    },
  );
  api.get(
    `${P}/:id`,
    { schema: { tags, params: IdParams, response: responses({ 200: ProviderRead }) } },
    async (req) => s.providers.get(authOf(req), req.params.org, req.params.id),
  );
  api.patch(
    `${P}/:id`,
    {
      schema: {
        tags,
        params: IdParams,
        body: ProviderPatch,
        ...writeAnswers(ProviderRead, 'provider'),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(
        reply,
        await s.providers.update(authOf(req), req.params.org, req.params.id, req.body),
      ),
  );
  api.delete(
    `${P}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a provider; 409 while it still serves models',
        params: IdParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await s.providers.remove(authOf(req), req.params.org, req.params.id);
      return reply.code(204).send(null);
    },
  );
  api.put(
    `${P}/:id/credentials`,
    {
      schema: {
        tags,
        summary: 'Store or replace the API key (ai_model:credentials); write-only',
        params: IdParams,
        body: CredentialsPut,
        ...writeAnswers(ProviderRead, 'provider'),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(
        reply,
        await s.providers.putCredentials(authOf(req), req.params.org, req.params.id, req.body.api_key),
      ),
  );
  api.delete(
    `${P}/:id/credentials`,
    {
      schema: {
        tags,
        summary: 'Remove the stored API key (ai_model:credentials)',
        params: IdParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await s.providers.deleteCredentials(authOf(req), req.params.org, req.params.id);
      return reply.code(204).send(null);
    },
  );
  api.post(
    `${P}/:id/discover`,
    {
      schema: {
        tags,
        summary: 'Ask the provider for its models (connection test); writes nothing',
        description:
          'Answers 200 with the provider id, its driver and the models it reports (model_id, display name, ' +
          'context window and output limit when reported, already_imported), at most 1000 (truncated says more ' +
          'were reported). 404 for an unknown provider; 422 `discovery_not_supported`, `base_url_missing` or ' +
          '`credentials_missing` for a provider that cannot be asked. ' +
          'Every failure is a 502 whose detail names the driver and the transport error or HTTP status; the provider response body is never included.',
        params: IdParams,
        response: responses({ 200: DiscoverRead }),
      },
    },
    async (req) => s.discovery.discover(authOf(req), req.params.org, req.params.id),
  );
  api.post(
    `${P}/:id/import-models`,
    {
      schema: {
        tags,
        summary: 'Create models from a selection of discovered ones, all or nothing',
        params: IdParams,
        body: ImportBody,
        response: responses({ 201: Type.Array(ModelRead) }),
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await s.discovery.importModels(authOf(req), req.params.org, req.params.id, req.body.models)),
  );

  // --- models
  api.post(
    M,
    { schema: { tags, params: OrgParams, body: ModelCreate, response: responses({ 201: ModelRead }) } },
    async (req, reply) => reply.code(201).send(await s.models.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    M,
    {
      schema: {
        tags,
        summary: 'Models the caller may see',
        description:
          'Answers 200 with a page of the models (as one reads), narrowed by provider_id, and a Link header ' +
          '(rel="next") while more remain. ' +
          'With ai_model:read: organization-wide models and restricted ones allowed for a team of the caller. With ai_model:update: all.',
        params: OrgParams,
        querystring: ModelListQuery,
        response: responses({ 200: Type.Array(ModelRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      const result = await s.models.list(authOf(req), req.params.org, page, req.query.provider_id);
      // The body is JSON the list cache made from ModelRead objects: sent as it is.
      const [body] = sendPage(req, reply, page, { items: [result.body], next: result.next });
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
  api.get(
    `${M}/:id`,
    { schema: { tags, params: IdParams, response: responses({ 200: ModelRead }) } },
    async (req) => s.models.get(authOf(req), req.params.org, req.params.id),
  );
  api.patch(
    `${M}/:id`,
    { schema: { tags, params: IdParams, body: ModelPatch, response: responses({ 200: ModelRead }) } },
    async (req) => s.models.update(authOf(req), req.params.org, req.params.id, req.body),
  );
  api.delete(
    `${M}/:id`,
    { schema: { tags, params: IdParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await s.models.remove(authOf(req), req.params.org, req.params.id);
      return reply.code(204).send(null);
    },
  );
}
