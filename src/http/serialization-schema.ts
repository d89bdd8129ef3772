// The response schemas as fast-json-stringify is given them. A nullable value declared as
// `anyOf: [X, {type: 'null'}]` (TypeBox's Union([X, Null()])) makes the serializer run an Ajv validation
// of X for each such value to pick the branch, and a failed branch (every null) allocates its errors:
// in a page of 50 projects that was some 250 validations, and a third of the request's garbage (heap
// sampling of reads afresh). The same value declared as `type: [X's type, 'null']` is picked with a
// `=== null` test. Only the serializer sees the rewrite; the routes' schemas, and the OpenAPI document
// made from them, stay as written.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The one branch of X-or-null that a type list can say, or undefined when it cannot. */
function nullableBranch(anyOf: unknown): Schema | undefined {
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return undefined;
  const nulls = anyOf.filter((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
  if (nulls.length !== 1) return undefined;
  const other = anyOf.find((s) => !nulls.includes(s));
  if (!isObject(other) || typeof other.type !== 'string') return undefined;
  if (['anyOf', 'oneOf', 'allOf', '$ref', 'if', 'not', 'const', 'enum'].some((k) => k in other))
    return undefined;
  return other;
}

/** `schema` with every nullable union that a type list can say rewritten as one, at any depth. */
export function serializationSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = serializationSchema(value);
  const branch = nullableBranch(out.anyOf);
  if (branch === undefined) return out;
  const { anyOf: _anyOf, ...siblings } = out;
  return { ...branch, ...siblings, type: [branch.type, 'null'] };
}

type Factory = ReturnType<typeof SerializerSelector>;

/** Fastify's serializer factory (`schemaController.compilersFactory.buildSerializer`), on rewritten schemas. */
export const buildSerializer: Factory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => compile({ ...route, schema: serializationSchema(route.schema) as typeof route.schema });
};
