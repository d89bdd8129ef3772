import { describe, expect, it } from 'vitest';
import { encodeDocument } from './document-codec.js';
import { entityJsonWriter, entityListJson } from './entity-json.js';

const at = '2026-11-27T07:00:00.123Z';
/** A stored row as PostgreSQL answers it: the jsonb's text, in its own spacing. */
const row = (id: string, doc: unknown) => ({
  id,
  label: 'plugin:p:Thing',
  props: JSON.stringify(encodeDocument(doc), null, 1).replace(/\n\s*/g, ' '),
  created_at: at,
  updated_at: at,
});

describe('entity answers written around the stored text', () => {
  const write = entityJsonWriter('my "plugin"', 'Thing\\');
  const plain = { a: 1, b: ['x', { c: null }] };
  const stored = { nul: 'a\u0000b', lone: '\udc00', mark: '\uFDD0', '\u0000key': [] };

  it('writes the EntityRead members in order, the document as stored when it needs no decoding', () => {
    const r = row('0195b4ba-0000-7000-8000-000000000001', plain);
    const text = write(r);
    expect(text).toContain(`"properties":${r.props},`);
    expect(JSON.parse(text)).toEqual({
      id: r.id,
      plugin: 'my "plugin"',
      label: 'Thing\\',
      properties: plain,
      created_at: '2026-11-27T07:00:00.123Z',
      updated_at: '2026-11-27T07:00:00.123Z',
    });
    expect(Object.keys(JSON.parse(text))).toEqual([
      'id',
      'plugin',
      'label',
      'properties',
      'created_at',
      'updated_at',
    ]);
  });

  it('decodes a document that holds the stored form', () => {
    const r = row('0195b4ba-0000-7000-8000-000000000002', stored);
    expect(r.props).toContain('\uFDD0');
    expect(JSON.parse(write(r)).properties).toEqual(stored);
  });

  it('writes a page as one JSON array', () => {
    const rows = [
      row('0195b4ba-0000-7000-8000-000000000003', plain),
      row('0195b4ba-0000-7000-8000-000000000004', stored),
    ];
    expect(JSON.parse(entityListJson(write, rows)).map((e: { properties: unknown }) => e.properties)).toEqual(
      [plain, stored],
    );
    expect(entityListJson(write, [])).toBe('[]');
  });
});
