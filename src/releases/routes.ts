import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { NullableTimestamp, PageQuery, Timestamp, responses } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf } from '../kernel/route.js';
import { isReleaseCursor, type ReleasesService } from './service.js';

const ProjectParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
});
const Params = Type.Object({
  ...ProjectParams.properties,
  version: Type.String({
    pattern: '^[A-Za-z0-9][A-Za-z0-9._+~-]{0,199}$',
    maxLength: 200,
    'x-expected': 'a version like 1.4.0 or 2026.01.3+build.7: letters, digits and . _ + ~ -',
    description: 'the release version, e.g. 1.4.0 or 2026.01.3+build.7',
  }),
});
const Component = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 512, description: 'unique within one request' }),
    version: Type.String({ minLength: 1, maxLength: 512 }),
    purl: Type.Optional(
      Type.String({
        pattern: '^pkg:[a-zA-Z][a-zA-Z0-9.+-]*/',
        maxLength: 2048,
        description: 'Package URL',
        'x-expected': 'a package URL like pkg:npm/left-pad@1.3.0',
      }),
    ),
  },
  { additionalProperties: false },
);
const ComponentRead = Type.Object({
  name: Type.String(),
  version: Type.String(),
  purl: Type.Union([Type.String(), Type.Null()]),
});
const Release = {
  organization: Type.String(),
  project: Type.String(),
  release_version: Type.String(),
};
const ReleaseListed = Type.Object({
  release_version: Type.String(),
  batch_id: Type.String({ format: 'uuid', description: 'the newest complete batch of the release' }),
  recorded_at: Timestamp,
  component_count: Type.Integer(),
});
const tags = ['releases'];
const LIST = '/organizations/:org/projects/:project/releases';
const PATH = `${LIST}/:version/components`;

export function releasesRoutes(api: Api, releases: ReleasesService): void {
  api.get(
    LIST,
    {
      schema: {
        tags,
        summary: "A project's releases, newest first",
        description:
          'Reads the analytics store: each release version once, by its newest complete batch (a batch ' +
          'whose component rows have not all arrived yet is skipped, as the GET of its components does; a ' +
          'release none of whose batches is complete is not listed yet). Answers 200 with a page of ' +
          'releases (release_version, batch_id, recorded_at, component_count), newest recorded_at first, ' +
          'and a Link header (rel="next") while more remain; a release recorded again moves to the top. ' +
          '503 with Retry-After while the store is down. Readable by whoever may read the project; 404 ' +
          'for a missing project; 422 naming limit or cursor when either is not one the API takes.',
        params: ProjectParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(ReleaseListed) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query, isReleaseCursor);
      const { org, project } = req.params;
      return sendPage(req, reply, page, await releases.list(authOf(req), org, project, page));
    },
  );
  api.post(
    PATH,
    {
      schema: {
        tags,
        summary: "Records a release's components (one batch)",
        description:
          'Records one fact row per component (analytics stream release_components) and then the batch ' +
          'row (release_component_batches), which is published only after the stream acknowledged the ' +
          'fact rows. Readable with GET once the pipeline moved both (about one poll interval). ' +
          'Needs release_components:create and read of the project (as the GET). Answers 202 with the ' +
          'organization, project, release_version, the batch_id, how many components it holds and when it ' +
          'was recorded. 404 for a missing project; 422 naming the component (a name given twice, a purl ' +
          'that is not a package URL).',
        params: Params,
        body: Type.Object(
          { components: Type.Array(Component, { minItems: 1, maxItems: 1000 }) },
          { additionalProperties: false },
        ),
        response: responses({
          202: Type.Object({
            ...Release,
            batch_id: Type.String({ format: 'uuid' }),
            component_count: Type.Integer(),
            recorded_at: Timestamp,
          }),
        }),
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await releases.record(
            authOf(req),
            req.params.org,
            req.params.project,
            req.params.version,
            req.body.components,
          ),
        ),
  );
  api.get(
    PATH,
    {
      schema: {
        tags,
        summary: "A release's components: the newest complete batch, each component once",
        description:
          'Reads the analytics store. A later batch replaces an earlier one; a batch whose component rows ' +
          'have not all arrived yet is skipped; duplicate deliveries change nothing. No batch yet: ' +
          'batch_id null and no components. 503 with Retry-After while the store is down. Readable by ' +
          'whoever may read the project. Answers 200 with the organization, project, release_version, ' +
          'batch_id, recorded_at and the components (name, version, purl); 404 for a missing project.',
        params: Params,
        response: responses({
          200: Type.Object({
            ...Release,
            batch_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
            recorded_at: NullableTimestamp,
            components: Type.Array(ComponentRead),
          }),
        }),
      },
    },
    async (req) => releases.read(authOf(req), req.params.org, req.params.project, req.params.version),
  );
}
