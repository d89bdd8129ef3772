// Schemas shared by every route: problems, pagination, timestamps.
import { Type, type TSchema } from 'typebox';

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    instance: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          pointer: Type.String(),
          in: Type.Optional(Type.String()),
          detail: Type.String(),
          keyword: Type.Optional(Type.String()),
        }),
      ),
    ),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details' },
);

/** Response map for a route: its success schemas plus problem+json for every error status. */
export function responses<R extends Record<number, TSchema>>(ok: R): R & { '4xx': TSchema; '5xx': TSchema } {
  return { ...ok, '4xx': Type.Ref('Problem'), '5xx': Type.Ref('Problem') };
}

export const NoContent = Type.Null({ description: 'No content' });

/**
 * The documented answers of a write that gives the resource back only to a caller who may read it
 * (updatedOrNoContent in server.ts): 200 with `read`, or 204.
 */
export function writeAnswers<R extends TSchema>(read: R, noun: string) {
  return {
    description: `Answers 200 with the ${noun}, or 204 when the caller may change it but not read it.`,
    response: responses({ 200: read, 204: NoContent }),
  };
}

export const PageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const Slug = Type.String({
  pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$',
  maxLength: 63,
  'x-expected':
    'a slug: lower-case letters, digits and hyphens, starting and ending with a letter or digit, at most 63 characters',
});
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });
