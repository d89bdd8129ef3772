// The schemas of a project as the API shows it, shared by the project routes and the routes of its
// parts (archive, types, links, deployments, dependencies).
import { Type } from 'typebox';
import { Timestamp } from '../http/schemas.js';

export const Attributes = Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), {
  description:
    'A JSON object of facts about the project (scoring policies read these); the schema of the ' +
    "organization's blueprints applies (GET .../projects/{project}/schema)",
});

export const ArchivedRead = Type.Union(
  [
    Type.Object({
      at: Timestamp,
      by: Type.String(),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ],
  { description: 'who archived the project, when and why; null while it is live' },
);

const Nullable = (description: string, format?: 'date-time') =>
  Type.Union([Type.String(format ? { format } : {}), Type.Null()], { description });

export const DeploymentRead = Type.Object({
  environment: Type.String({ description: 'slug of the environment' }),
  url: Nullable('where the project answers there'),
  version: Nullable(
    'the version running there: moved by Deployed and Rolled Back entries of the operations log',
  ),
  since: Nullable('since when that version runs there', 'date-time'),
});

export const LinkRead = Type.Object({
  link: Type.String({ description: 'slug of the link definition' }),
  name: Type.String(),
  icon: Type.Union([Type.String(), Type.Null()]),
  url: Type.String({ description: "the project's own URL, or the definition's template expanded" }),
  overridden: Type.Boolean({ description: "true: the project's own URL" }),
});

export const ProjectRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id (plugin edges name their ends by it)' }),
  slug: Type.String(),
  name: Type.String(),
  organization: Type.String(),
  team: Type.String(),
  types: Type.Array(Type.String(), { description: "slugs of the organization's project types it is of" }),
  attributes: Attributes,
  archived: ArchivedRead,
  environments: Type.Array(DeploymentRead, {
    description: 'the environments it is deployed to, by slug: URL, version running there, since when',
  }),
  links: Type.Optional(
    Type.Array(LinkRead, {
      description:
        "the organization's links resolved for the project, by slug; on the read of one project only " +
        '(lists and write answers leave them out)',
    }),
  ),
  score: Type.Union([Type.Number(), Type.Null()]),
  previous_score: Type.Union([Type.Number(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
