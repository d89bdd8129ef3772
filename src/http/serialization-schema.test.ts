import fastJsonStringify from 'fast-json-stringify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ProjectRead } from '../projects/schemas.js';
import { serializationSchema } from './serialization-schema.js';

describe('serializationSchema', () => {
  it('says a nullable primitive or object as a type list, keeping its keywords and the union’s', () => {
    expect(
      serializationSchema(
        Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'when' }),
      ),
    ).toEqual({ type: ['string', 'null'], format: 'date-time', description: 'when' });
    const archived = Type.Union([Type.Object({ by: Type.String() }), Type.Null()]);
    expect(serializationSchema(archived)).toMatchObject({
      type: ['object', 'null'],
      properties: { by: { type: 'string' } },
    });
  });

  it('rewrites at any depth: properties, items, and branches', () => {
    const schema = Type.Object({
      list: Type.Array(Type.Object({ score: Type.Union([Type.Number(), Type.Null()]) })),
    });
    expect(serializationSchema(schema)).toMatchObject({
      properties: { list: { items: { properties: { score: { type: ['number', 'null'] } } } } },
    });
  });

  it('leaves a union a type list cannot say as it is, and never changes the schema it was given', () => {
    const unions = [
      Type.Union([Type.String(), Type.Number()]),
      Type.Union([Type.Literal('a'), Type.Null()]),
      Type.Union([Type.Ref('Problem'), Type.Null()]),
      Type.Union([Type.Union([Type.String(), Type.Number()]), Type.Null()]),
      Type.Union([Type.String(), Type.Null(), Type.Number()]),
    ];
    for (const u of unions) {
      const before = JSON.stringify(u);
      expect(serializationSchema(u)).toEqual(JSON.parse(before));
      expect(JSON.stringify(u)).toBe(before);
    }
  });

  it('a project serializes to the same JSON as before, with its nulls and with values', () => {
    const before = fastJsonStringify(ProjectRead as never);
    const after = fastJsonStringify(serializationSchema(ProjectRead) as never);
    const base = {
      id: '01900000-0000-7000-8000-000000000001',
      slug: 'shop',
      name: 'Shop “Größe”',
      organization: 'acme',
      team: 'core',
      types: ['service'],
      attributes: { tier: 'gold', coverage: 0.5, nested: { a: [1, null] } },
      environments: [],
      created_at: '2026-11-29T01:00:00.000Z',
      updated_at: '2026-11-29T01:00:00.000Z',
    };
    for (const project of [
      { ...base, archived: null, score: null, previous_score: null, updated_by: null },
      {
        ...base,
        archived: { at: '2026-11-29T02:00:00.000Z', by: 'ann@example.com', reason: null },
        score: 71.5,
        previous_score: 0,
        updated_by: 'ann@example.com',
      },
    ]) {
      expect(after(project)).toBe(before(project));
      expect(JSON.parse(after(project))).toEqual(project);
    }
  });
});
