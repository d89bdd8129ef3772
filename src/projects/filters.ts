// The query of a project list: its filters as the API takes them, and as list.ts reads them.
import { Type, type Static } from 'typebox';
import { AppError } from '../http/errors.js';
import { PageQuery } from '../http/schemas.js';
import type { FactFilter } from './list.js';

/** At most this many attribute filters (attr.<name> and has) in one list request: bounded work. */
export const MAX_ATTRIBUTE_FILTERS = 10;

const Value = Type.String({ minLength: 1, maxLength: 200 });
const SlugValue = Type.String({ minLength: 1, maxLength: 63 });

export const ProjectListQuery = Type.Object(
  {
    ...PageQuery.properties,
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'case-insensitive text of the slug, the name or an attribute value that is text',
      }),
    ),
    archived: Type.Optional(
      Type.Union([Type.Literal('false'), Type.Literal('true'), Type.Literal('any')], {
        description: 'false (default): live projects only; true: archived ones only; any: both',
      }),
    ),
    team: Type.Optional(SlugValue),
    type: Type.Optional(SlugValue),
    environment: Type.Optional(
      Type.String({ minLength: 1, maxLength: 63, description: 'projects deployed to this environment' }),
    ),
    has: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: MAX_ATTRIBUTE_FILTERS,
        description: 'projects with this top-level attribute (repeat for several)',
      }),
    ),
    score_min: Type.Optional(Type.Number({ description: 'score at least (inclusive)' })),
    score_max: Type.Optional(Type.Number({ description: 'score at most (inclusive)' })),
  },
  {
    additionalProperties: false,
    // attr.<name>=<value>: a top-level attribute equal to the value (strings, numbers and booleans
    // compare as their text); repeated: any of the values. An array attribute matches by any element.
    patternProperties: {
      '^attr\\.[^\\s]{1,200}$': Type.Array(Value, { minItems: 1, maxItems: 20 }),
    },
  },
);
export type ProjectListQuery = Static<typeof ProjectListQuery> & Record<string, unknown>;

/** The fact filters of a query (the environment's id is resolved by the service). */
export function factFilters(query: ProjectListQuery): FactFilter[] {
  const facts: FactFilter[] = [];
  if (query.team !== undefined) facts.push({ kind: 'team', name: '', values: [query.team] });
  if (query.type !== undefined) facts.push({ kind: 'type', name: '', values: [query.type] });
  let attributeFilters = 0;
  const tooMany = (pointer: string) =>
    new AppError(
      422,
      'validation_failed',
      `${pointer.slice(1)}: at most ${MAX_ATTRIBUTE_FILTERS} attribute filters`,
      [
        {
          pointer,
          in: 'query',
          detail: `at most ${MAX_ATTRIBUTE_FILTERS} attribute filters (attr.<name> and has)`,
        },
      ],
    );
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('attr.')) continue;
    if (++attributeFilters > MAX_ATTRIBUTE_FILTERS) throw tooMany(`/${key}`);
    facts.push({ kind: 'attribute', name: key.slice(5), values: [...new Set(value as string[])] });
  }
  for (const name of query.has ?? []) {
    if (++attributeFilters > MAX_ATTRIBUTE_FILTERS) throw tooMany('/has');
    facts.push({ kind: 'has', name, values: [''] });
  }
  return facts;
}

export function scoreRange(query: ProjectListQuery) {
  if (query.score_min === undefined && query.score_max === undefined) return undefined;
  if (query.score_min !== undefined && query.score_max !== undefined && query.score_min > query.score_max)
    throw new AppError(422, 'validation_failed', 'score_min: must not be above score_max', [
      { pointer: '/score_min', in: 'query', detail: 'must not be above score_max' },
    ]);
  return { min: query.score_min, max: query.score_max };
}

export const archivedOf = (value: 'false' | 'true' | 'any' | undefined) =>
  value === 'any' ? ('any' as const) : value === 'true';
