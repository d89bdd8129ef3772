import { describe, expect, it } from 'vitest';
import { newSchemaCompiler } from './json-schema.js';

describe('the plugin schema compiler', () => {
  // strict: false turns Ajv's strictNumbers off; a document holding Infinity would be stored as null.
  it('takes no Infinity or NaN for a number or an integer', () => {
    const validate = newSchemaCompiler().compile({
      type: 'object',
      properties: { n: { type: 'number' }, i: { type: 'integer' } },
    });
    for (const bad of [Infinity, -Infinity, NaN]) {
      expect(validate({ n: bad }), String(bad)).toBe(false);
      expect(validate({ i: bad }), String(bad)).toBe(false);
    }
    expect(validate({ n: Number.MAX_VALUE, i: 3 })).toBe(true);
  });
});
