import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { Slug, Timestamp } from '../http/schemas.js';
import { slugRoutes } from '../kernel/slug-routes.js';
import type { environmentsService } from './service.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const EnvRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id (plugin edges name their ends by it)' }),
  slug: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const tags = ['environments'];

export function environmentRoutes(api: Api, envs: ReturnType<typeof environmentsService>): void {
  slugRoutes(
    api,
    {
      path: '/environments',
      tags,
      noun: 'environment',
      read: EnvRead,
      create: Type.Object({ slug: Slug, name: Name }, { additionalProperties: false }),
      patch: Type.Object(
        { slug: Type.Optional(Slug), name: Type.Optional(Name) },
        { additionalProperties: false, minProperties: 1 },
      ),
    },
    envs,
  );
}
