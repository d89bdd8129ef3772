// Plugin manifests: their shape, the rules an install checks without the database, and the compiled
// form (validators per label) the generic router works from.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { Type, type Static } from 'typebox';
import { AppError, type FieldError } from '../http/errors.js';
import { MAX_JSON_DEPTH } from '../http/json-body.js';
import { compileLabelSchema, documentErrors, newSchemaCompiler } from '../json-schema/json-schema.js';
import { unstorablePointer } from '../lib/json-pointer.js';
import { readYaml, YamlTooDeepError } from './yaml-text.js';

export const LABEL_PATTERN = '^[A-Za-z][A-Za-z0-9_]*$';
export const PLUGIN_SLUG_PATTERN = '^[a-z][a-z0-9-]*$';
const SEMVER =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$';

/** First-class labels an edge tuple may name as its source or target. */
export const ANCHOR_LABELS = ['Environment', 'Project', 'Team', 'Organization'] as const;

/**
 * Labels of first-class domain nodes and edges. A plugin may not declare one of these (compared
 * case-insensitively), so that a label always names one thing. Plugin data is stored under
 * namespaced labels anyway (see storageLabel), so this list is about clarity, not isolation.
 */
export const FIRST_CLASS_LABELS: readonly string[] = [
  ...ANCHOR_LABELS,
  'User',
  'ServiceAccount',
  'ClientCredential',
  'RefreshToken',
  'Role',
  'Permission',
  'Plugin',
  'Consent',
  'TokenMetadata',
  'OAuthProvider',
  'OAuthIdentity',
  'AIProvider',
  'AIModel',
  'Schedule',
  'BELONGS_TO',
  'OWNED_BY',
  'MEMBER_OF',
  'HAS_ROLE',
  'GRANTS',
  'CAN_ACCESS',
  'HAS_CREDENTIAL',
  'ISSUED_TO',
  'SERVED_BY',
  'ALLOWED_FOR',
];
const FIRST_CLASS_LOWER = new Set(FIRST_CLASS_LABELS.map((l) => l.toLowerCase()));

const Label = Type.String({ pattern: LABEL_PATTERN, minLength: 1, maxLength: 63 });
const JsonSchemaDoc = Type.Unknown({ description: 'a JSON Schema (draft 2020-12) with "type": "object"' });

export const VertexLabelSchema = Type.Object(
  {
    name: Label,
    display_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    schema: JsonSchemaDoc,
  },
  { additionalProperties: false },
);
export const EdgeLabelSchema = Type.Object(
  {
    source_label: Label,
    edge_label: Label,
    target_label: Label,
    schema: Type.Optional(JsonSchemaDoc),
  },
  { additionalProperties: false },
);
export const ManifestSchema = Type.Object(
  {
    slug: Type.String({ pattern: PLUGIN_SLUG_PATTERN, minLength: 1, maxLength: 63 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    version: Type.String({ pattern: SEMVER, maxLength: 100, description: 'semantic version' }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    vertex_labels: Type.Array(VertexLabelSchema, { maxItems: 100 }),
    edge_labels: Type.Optional(Type.Array(EdgeLabelSchema, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
type ManifestInput = Static<typeof ManifestSchema>;

/** A manifest as stored: optional fields filled, so equal manifests compare equal. */
export interface Manifest {
  slug: string;
  name: string;
  version: string;
  description: string | null;
  vertex_labels: { name: string; display_name: string; schema: Record<string, unknown> }[];
  edge_labels: {
    source_label: string;
    edge_label: string;
    target_label: string;
    schema: Record<string, unknown> | null;
  }[];
}

export interface EndLabel {
  label: string;
  /** The graph label nodes at this end carry. */
  storage: string;
  /** True for one of the plugin's own vertex labels, false for a first-class label. */
  plugin: boolean;
}

export interface CompiledVertexLabel {
  name: string;
  index: number;
  storage: string;
  schema: Record<string, unknown>;
  validate: ValidateFunction;
  /** Top-level properties the schema types as strings: what `?q=` searches. */
  searchFields: string[];
}

export interface CompiledEdgeLabel {
  name: string;
  index: number;
  storage: string;
  source: EndLabel;
  target: EndLabel;
  schema: Record<string, unknown> | null;
  /** null: the label declares no properties, so an edge carries none. */
  validate: ValidateFunction | null;
}

export interface CompiledPlugin {
  manifest: Manifest;
  vertices: ReadonlyMap<string, CompiledVertexLabel>;
  edges: ReadonlyMap<string, CompiledEdgeLabel>;
}

/**
 * The graph label of a plugin's nodes and edges: `plugin:<slug>:<Label>`. Neither part can contain
 * `:`, so it can never equal a first-class label or another plugin's, present or future.
 */
export const storageLabel = (slug: string, label: string) => `plugin:${slug}:${label}`;

export const permissionName = (slug: string, label: string, action: 'read' | 'write') =>
  `plugins:${slug}:entities:${label}:${action}`;

/** Every label of the manifest, vertex labels first, with its pointer. */
export function declaredLabels(m: Manifest): { label: string; pointer: string }[] {
  return [
    ...m.vertex_labels.map((v, i) => ({ label: v.name, pointer: `/manifest/vertex_labels/${i}/name` })),
    ...m.edge_labels.map((e, i) => ({
      label: e.edge_label,
      pointer: `/manifest/edge_labels/${i}/edge_label`,
    })),
  ];
}

export function derivedPermissions(m: Manifest): { name: string; description: string }[] {
  return declaredLabels(m).flatMap(({ label }) => [
    {
      name: permissionName(m.slug, label, 'read'),
      description: `List and read ${label} of plugin ${m.slug}`,
    },
    {
      name: permissionName(m.slug, label, 'write'),
      description: `Create, update and delete ${label} of plugin ${m.slug}`,
    },
  ]);
}

const shapeCompiler = newSchemaCompiler();
const checkShape = shapeCompiler.compile(ManifestSchema);

function invalidManifest(errors: FieldError[]): AppError {
  const first = errors[0]!;
  return new AppError(422, 'invalid_manifest', `${first.pointer.slice(1)}: ${first.detail}`, errors);
}

/** A manifest given as an object, or as YAML or JSON text. */
export function parseManifestInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    // As deep as a manifest sent as a JSON object may be (the body parser's cap).
    return readYaml(input, MAX_JSON_DEPTH);
  } catch (err) {
    const detail =
      err instanceof YamlTooDeepError ? err.message : `is not valid YAML or JSON: ${(err as Error).message}`;
    throw invalidManifest([{ pointer: '/manifest', in: 'body', detail }]);
  }
}

function searchFieldsOf(schema: Record<string, unknown>): string[] {
  const props = schema.properties;
  if (typeof props !== 'object' || props === null) return [];
  return Object.entries(props as Record<string, unknown>)
    .filter(([, sub]) => {
      const type = (sub as { type?: unknown } | null)?.type;
      return type === 'string' || (Array.isArray(type) && type.includes('string'));
    })
    .map(([name]) => name);
}

/** The manifest with each label's `schema` left out, for checks that concern its own text. */
function withoutSchemas(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const labels = (v: unknown) =>
    Array.isArray(v)
      ? v.map((l: unknown) =>
          typeof l === 'object' && l !== null && !Array.isArray(l)
            ? Object.fromEntries(Object.entries(l).filter(([k]) => k !== 'schema'))
            : l,
        )
      : v;
  const m = input as Record<string, unknown>;
  return { ...m, vertex_labels: labels(m.vertex_labels), edge_labels: labels(m.edge_labels) };
}

/**
 * Checks a manifest against every rule that needs no database (shape, identifiers, duplicate and
 * first-class labels, edge tuples, schemas) and compiles it. Throws 422 with pointers into the
 * request body (`/manifest/...`).
 */
export function compileManifest(input: unknown): CompiledPlugin {
  // Schemas may hold any text (U+0000 or a lone surrogate in const, enum, property names: stored
  // encoded); the manifest's own names, versions and descriptions are text that may not.
  const unstorable = unstorablePointer(withoutSchemas(input));
  if (unstorable) {
    const { pointer, detail } = unstorable;
    throw invalidManifest([{ pointer: `/manifest${pointer === '/' ? '' : pointer}`, in: 'body', detail }]);
  }
  if (!checkShape(input)) throw invalidManifest(documentErrors(checkShape.errors, '/manifest'));
  const m = input as ManifestInput;
  const manifest: Manifest = {
    slug: m.slug,
    name: m.name,
    version: m.version,
    description: m.description ?? null,
    vertex_labels: m.vertex_labels.map((v) => ({
      name: v.name,
      display_name: v.display_name ?? v.name,
      schema: v.schema as Record<string, unknown>,
    })),
    edge_labels: (m.edge_labels ?? []).map((e) => ({
      source_label: e.source_label,
      edge_label: e.edge_label,
      target_label: e.target_label,
      schema: (e.schema as Record<string, unknown> | null | undefined) ?? null,
    })),
  };

  const errors: FieldError[] = [];
  const fail = (pointer: string, detail: string) => errors.push({ pointer, in: 'body', detail });
  const seen = new Map<string, string>();
  for (const { label, pointer } of declaredLabels(manifest)) {
    const lower = label.toLowerCase();
    if (FIRST_CLASS_LOWER.has(lower)) fail(pointer, `${label} is a first-class label and cannot be declared`);
    else if (seen.has(lower)) fail(pointer, `${label} is declared twice (also at ${seen.get(lower)})`);
    else seen.set(lower, pointer);
  }

  const ajv = newSchemaCompiler();
  const vertices = new Map<string, CompiledVertexLabel>();
  manifest.vertex_labels.forEach((v, index) => {
    const compiled = compileLabelSchema(ajv, v.schema);
    if (compiled.problems) {
      for (const p of compiled.problems)
        fail(`/manifest/vertex_labels/${index}/schema${p.pointer}`, p.detail);
      return;
    }
    vertices.set(v.name, {
      name: v.name,
      index,
      storage: storageLabel(manifest.slug, v.name),
      schema: v.schema,
      validate: compiled.validate,
      searchFields: searchFieldsOf(v.schema),
    });
  });

  const own = new Set(manifest.vertex_labels.map((v) => v.name));
  const end = (label: string, pointer: string): EndLabel | undefined => {
    if (own.has(label)) return { label, storage: storageLabel(manifest.slug, label), plugin: true };
    if ((ANCHOR_LABELS as readonly string[]).includes(label)) return { label, storage: label, plugin: false };
    fail(pointer, `must be one of the plugin's vertex labels or ${ANCHOR_LABELS.join(', ')}`);
    return undefined;
  };
  const edges = new Map<string, CompiledEdgeLabel>();
  manifest.edge_labels.forEach((e, index) => {
    const at = `/manifest/edge_labels/${index}`;
    const source = end(e.source_label, `${at}/source_label`);
    const target = end(e.target_label, `${at}/target_label`);
    let validate: ValidateFunction | null = null;
    if (e.schema !== null) {
      const compiled = compileLabelSchema(ajv, e.schema);
      if (compiled.problems) {
        for (const p of compiled.problems) fail(`${at}/schema${p.pointer}`, p.detail);
        return;
      }
      validate = compiled.validate;
    }
    if (!source || !target) return;
    edges.set(e.edge_label, {
      name: e.edge_label,
      index,
      storage: storageLabel(manifest.slug, e.edge_label),
      source,
      target,
      schema: e.schema,
      validate,
    });
  });

  if (errors.length > 0) throw invalidManifest(errors);
  return { manifest, vertices, edges };
}
