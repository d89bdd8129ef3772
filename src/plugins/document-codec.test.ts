import { describe, expect, it } from 'vitest';
import { decodeDocument, encodeDocument } from './document-codec.js';

describe('stored form of plugin documents', () => {
  const docs: unknown[] = [
    { a: 'plain', n: 1, b: [true, null, 'x'] },
    { 'k\u0000ey': 'v\u0000', nested: [{ s: '\u0000%00%25\u0000' }] },
    { mark: '\uFDD0', marked: '\uFDD0%00', inner: 'x\uFDD0' },
    JSON.parse('{"__proto__": {"p": "\\u0000"}, "constructor": 1}'),
    '\u0000',
    ['%', '\uFDD0\uFDD0'],
    { 'lone\ud800': ['\udc00', 'x\ud83d\ude00y', '\ude00\ud83d', '%uD800', '\u0000\udfff%'] },
  ];
  it.each(docs.map((d) => [JSON.stringify(d), d]))('%s round-trips exactly', (_name, doc) => {
    const stored = encodeDocument(doc);
    expect(JSON.stringify(stored)).not.toContain('\\u0000');
    expect(JSON.stringify(stored)).not.toMatch(/\\ud[89a-f]/);
    const back = decodeDocument(JSON.parse(JSON.stringify(stored)));
    expect(JSON.stringify(back)).toBe(JSON.stringify(doc));
    expect(Object.keys(back as object)).toEqual(Object.keys(doc as object));
  });

  it('documents without U+0000 or a leading U+FDD0 are stored unchanged (same object)', () => {
    const doc = { a: 'b', c: ['d', { e: 'x\uFDD0' }] };
    expect(encodeDocument(doc)).toBe(doc);
  });
});
