import { describe, expect, it } from 'vitest';
import { recordedText, storableText, truncateText } from './text.js';

describe('text from other systems, made storable', () => {
  it('replaces U+0000 and lone surrogates, keeps pairs', () => {
    expect(storableText('a\u0000b\ud800c\udc00d\ud83d\ude80e')).toBe('a\uFFFDb\uFFFDc\uFFFDd\ud83d\ude80e');
  });

  it('cuts at a length without splitting a surrogate pair', () => {
    const rocket = '\ud83d\ude80';
    expect(truncateText(`${'x'.repeat(199)}${rocket} edition`, 200)).toBe('x'.repeat(199));
    expect(truncateText(`${'x'.repeat(198)}${rocket} edition`, 200)).toBe(`${'x'.repeat(198)}${rocket}`);
    expect(truncateText('short', 200)).toBe('short');
  });

  it('recordedText does both; its result is well-formed text', () => {
    const out = recordedText(`${'x'.repeat(199)}\ud83d\ude80\u0000`, 200);
    expect(out).toBe('x'.repeat(199));
    expect(recordedText('\udfff\u0000ok', 10)).toBe('\uFFFD\uFFFDok');
  });
});
