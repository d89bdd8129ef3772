import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { NoContent, PageQuery, Slug, SlugParams, responses, writeAnswers } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import type { rolesService } from './roles.service.js';

const PermissionName = Type.String({ minLength: 1, maxLength: 300 });
const RoleRead = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  builtin: Type.Boolean(),
  permissions: Type.Array(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const RoleCreate = Type.Object(
  {
    slug: Slug,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    permissions: Type.Array(PermissionName, { maxItems: 1000, uniqueItems: true }),
  },
  { additionalProperties: false },
);
const RolePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    permissions: Type.Optional(Type.Array(PermissionName, { maxItems: 1000, uniqueItems: true })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export function authzRoutes(api: Api, roles: ReturnType<typeof rolesService>): void {
  api.get(
    '/permissions',
    {
      schema: {
        tags: ['authorization'],
        response: responses({
          200: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })),
        }),
      },
    },
    async (req) => roles.listPermissions(authOf(req)),
  );
  api.post(
    '/roles',
    { schema: { tags: ['authorization'], body: RoleCreate, response: responses({ 201: RoleRead }) } },
    async (req, reply) => reply.code(201).send(await roles.create(authOf(req), req.body)),
  );
  api.get(
    '/roles',
    {
      schema: {
        tags: ['authorization'],
        querystring: PageQuery,
        response: responses({ 200: Type.Array(RoleRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await roles.list(authOf(req), page));
    },
  );
  api.get(
    '/roles/:slug',
    { schema: { tags: ['authorization'], params: SlugParams, response: responses({ 200: RoleRead }) } },
    async (req) => roles.get(authOf(req), req.params.slug),
  );
  api.patch(
    '/roles/:slug',
    {
      schema: {
        tags: ['authorization'],
        params: SlugParams,
        body: RolePatch,
        ...writeAnswers(RoleRead, 'role'),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await roles.update(authOf(req), req.params.slug, req.body)),
  );
  api.delete(
    '/roles/:slug',
    { schema: { tags: ['authorization'], params: SlugParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await roles.remove(authOf(req), req.params.slug);
      return reply.code(204).send(null);
    },
  );

  for (const [kind, base, param] of [
    ['user', '/users/:name/roles/:role', 'email'],
    ['service_account', '/service-accounts/:name/roles/:role', 'slug'],
  ] as const) {
    const params = Type.Object({
      name: Type.String({ maxLength: 254, description: param }),
      role: Type.String({ maxLength: 200 }),
    });
    api.put(
      base,
      { schema: { tags: ['authorization'], params, response: responses({ 204: NoContent }) } },
      async (req, reply) => {
        await roles.assign(authOf(req), kind, req.params.name, req.params.role, true);
        return reply.code(204).send(null);
      },
    );
    api.delete(
      base,
      { schema: { tags: ['authorization'], params, response: responses({ 204: NoContent }) } },
      async (req, reply) => {
        await roles.assign(authOf(req), kind, req.params.name, req.params.role, false);
        return reply.code(204).send(null);
      },
    );
  }
}
