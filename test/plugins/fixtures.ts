// Manifests for the plugin tests (and the benchmark): the shipped example, and generated ones.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXAMPLE_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../examples/plugins/cloud-accounts.yaml',
);
export const exampleYaml = () => fs.readFileSync(EXAMPLE_PATH, 'utf8');

const KINDS = ['string', 'integer', 'number', 'boolean', 'enum', 'date', 'array', 'object'] as const;

/** A property schema per kind, and a value it accepts. */
function property(kind: (typeof KINDS)[number], i: number): { schema: object; value: unknown } {
  switch (kind) {
    case 'string':
      return { schema: { type: 'string', minLength: 1, maxLength: 100 }, value: `value ${i}` };
    case 'integer':
      return { schema: { type: 'integer', minimum: 0, maximum: 1_000_000 }, value: i * 7 };
    case 'number':
      return { schema: { type: 'number', exclusiveMinimum: 0 }, value: i + 0.5 };
    case 'boolean':
      return { schema: { type: 'boolean' }, value: i % 2 === 0 };
    case 'enum':
      return { schema: { enum: ['low', 'medium', 'high'] }, value: 'medium' };
    case 'date':
      return { schema: { type: 'string', format: 'date' }, value: '2026-01-15' };
    case 'array':
      return {
        schema: {
          type: 'array',
          items: { type: 'string', pattern: '^[a-z]+$' },
          uniqueItems: true,
          maxItems: 10,
        },
        value: ['a', 'b'],
      };
    case 'object':
      return {
        schema: {
          type: 'object',
          required: ['key'],
          additionalProperties: false,
          properties: { key: { type: 'string' }, weight: { type: 'integer' } },
        },
        value: { key: `k${i}`, weight: i },
      };
  }
}

/**
 * A vertex label schema with `count` properties of mixed kinds (p0..p{count-1}); all required, no
 * others allowed. `document(i)` is a valid entity for it.
 */
export function wideSchema(count: number) {
  const props: Record<string, object> = {};
  const doc: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const p = property(KINDS[i % KINDS.length]!, i);
    props[`p${i}`] = p.schema;
    doc[`p${i}`] = p.value;
  }
  return {
    schema: { type: 'object', required: Object.keys(props), additionalProperties: false, properties: props },
    document: (n: number) => ({ ...doc, p0: `document ${n}` }),
  };
}

/**
 * A generated plugin: two vertex labels (a wide one and a small one), an edge between them with a
 * property schema, and an edge from Project without one.
 */
export function generatedManifest(slug: string, prefix: string, width = 20) {
  const wide = wideSchema(width);
  return {
    manifest: {
      slug,
      name: `Generated ${slug}`,
      version: '0.1.0',
      vertex_labels: [
        { name: `${prefix}Service`, schema: wide.schema },
        {
          name: `${prefix}Queue`,
          schema: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' }, depth: { type: 'integer', minimum: 0 } },
          },
        },
      ],
      edge_labels: [
        {
          source_label: `${prefix}Service`,
          edge_label: `${prefix}_READS`,
          target_label: `${prefix}Queue`,
          schema: {
            type: 'object',
            required: ['mode'],
            properties: { mode: { enum: ['poll', 'push'] }, batch: { type: 'integer', minimum: 1 } },
          },
        },
        { source_label: 'Project', edge_label: `${prefix}_RUNS`, target_label: `${prefix}Service` },
      ],
    },
    document: wide.document,
  };
}
