import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secretbox.js';

describe('SecretBox', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key, 'test');

  it('opens what it sealed, and every seal of one text differs', () => {
    // More seals than one block of nonces holds, so the block is refilled on the way.
    const sealed = Array.from({ length: 1500 }, () => box.seal('a secret'));
    for (const s of sealed.slice(0, 3)) expect(box.open(s)).toBe('a secret');
    expect(box.open(sealed[1499]!)).toBe('a secret');
    const nonces = sealed.map((s) => s.split('.')[2]);
    expect(new Set(nonces).size).toBe(sealed.length);
    expect(Buffer.from(nonces[0]!, 'base64url')).toHaveLength(12);
    expect(sealed[0]).not.toContain('a secret');
  });

  it('refuses a value changed, moved to another purpose, or sealed with another key', () => {
    const sealed = box.seal('a secret');
    const [v, id, iv, ct, tag] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([v, id, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
    expect(() => new SecretBox(key, 'other').open(sealed)).toThrow();
    expect(() => new SecretBox(randomBytes(32), 'test').open(sealed)).toThrow(/not the configured key/);
  });
});
