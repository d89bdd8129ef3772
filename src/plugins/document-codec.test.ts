import { describe, expect, it } from 'vitest';
import { decodeDocument, encodeDocument, storedJson } from './document-codec.js';

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

  // The text search of storedJson against the walk, on the documents above and on text that looks like
  // an escape without being one (a false alarm the walk then settles).
  const lookalikes: unknown[] = [
    { text: '\\u0000', surrogate: '\\ud800', quoted: 'a"\uFDD0' },
    { '\\u0000': '\\udfff' },
    ['\uFDD0'],
    { '\uFDD0key': 1 },
    { pair: '\ud83d\ude00', mark: 'x\uFDD0' },
  ];
  it.each([...docs, ...lookalikes].map((d) => [JSON.stringify(d), d]))(
    'storedJson(%s) is the JSON of the stored form',
    (_name, doc) => {
      expect(storedJson(doc)).toBe(JSON.stringify(encodeDocument(doc)));
    },
  );
});
