import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_AUDIENCE, InvalidTokenError, JwtSigner, generateSigningKey } from './jwt.js';
import { SecretBox } from './secretbox.js';
import { hashPassword, verifyPassword } from './passwords.js';

describe('SecretBox (AES-256-GCM with a key id)', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key, 'config');

  it('round-trips and never yields the plaintext in the ciphertext', () => {
    const sealed = box.seal('sk-live-abcdef123456');
    expect(sealed).not.toContain('sk-live');
    expect(sealed.split('.')[1]).toBe(box.keyId);
    expect(box.open(sealed)).toBe('sk-live-abcdef123456');
  });
  it('uses a fresh nonce each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });
  it('refuses a ciphertext sealed with another key, for another purpose, or tampered with', () => {
    const other = new SecretBox(randomBytes(32), 'config');
    expect(() => other.open(box.seal('x'))).toThrow(/not the configured key/);
    const authBox = new SecretBox(key, 'auth');
    expect(() => authBox.open(box.seal('x'))).toThrow();
    const parts = box.seal('secret').split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});

describe('JwtSigner (EdDSA)', () => {
  const signer = new JwtSigner(generateSigningKey(), 'https://keel.test');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'a@b.c', jti: 'j1', iat: now, exp: now + 60, auth_method: 'password' };

  it('signs and verifies, publishing the key as a JWK', () => {
    const token = signer.sign(claims);
    expect(signer.verify(token)).toMatchObject({ ...claims, iss: 'https://keel.test' });
    const jwk = signer.jwks().keys[0]!;
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: signer.kid, alg: 'EdDSA' });
    expect(jwk).not.toHaveProperty('d');
  });
  it('refuses expired tokens, even ones cached as verified', () => {
    const token = signer.sign({ ...claims, exp: now + 1 });
    signer.verify(token, now);
    expect(() => signer.verify(token, now + 2)).toThrow(InvalidTokenError);
  });
  it('refuses other keys, alg none and tampered payloads', () => {
    const other = new JwtSigner(generateSigningKey(), 'https://keel.test');
    expect(() => signer.verify(other.sign(claims))).toThrow(/unknown signing key/);
    const [, payload] = signer.sign(claims).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: signer.kid })).toString('base64url')}.${payload}.`;
    expect(() => signer.verify(none)).toThrow(InvalidTokenError);
    const [h, , s] = signer.sign(claims).split('.');
    const evil = Buffer.from(JSON.stringify({ ...claims, sub: 'root@x' })).toString('base64url');
    expect(() => signer.verify(`${h}.${evil}.${s}`)).toThrow(/bad signature/);
  });
  it('accepts a token in its one canonical spelling only', () => {
    const token = signer.sign(claims);
    const [h, p, s] = token.split('.') as [string, string, string];
    // Node's decoder would read each of these as the same signature.
    const flipped = Buffer.from(s, 'base64url');
    const variants = [`${token}!`, `${token}=`, `${token} `, `${h}.${p}.${s.slice(0, 40)}*${s.slice(40)}`];
    // The last character's four unused bits: another character decoding to the same 64 bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = `${h}.${p}.${s.slice(0, -1)}${alphabet[alphabet.indexOf(s.at(-1)!) ^ 1]}`;
    expect(Buffer.from(sibling.split('.')[2]!, 'base64url').equals(flipped)).toBe(true);
    for (const variant of [...variants, sibling]) {
      expect(() => signer.verify(variant), variant).toThrow(/malformed token/);
    }
    expect(signer.verify(token).sub).toBe(claims.sub);
  });
  it('refuses a header or claims set that is JSON but not an object', () => {
    const seg = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const [h, p, s] = signer.sign(claims).split('.') as [string, string, string];
    for (const token of [
      `${seg(null)}.${p}.${s}`,
      `${h}.${seg(null)}.${s}`,
      `${h}.${seg([1])}.${s}`,
      `${seg(7)}.${p}.${s}`,
    ]) {
      expect(() => signer.verify(token), token).toThrow(InvalidTokenError);
    }
  });
  it('carries aud and refuses a token for another audience or none', () => {
    const pem = generateSigningKey();
    const mine = new JwtSigner(pem, 'https://keel.test');
    const token = mine.sign(claims);
    expect(mine.verify(token).aud).toBe(API_AUDIENCE);
    const elsewhere = new JwtSigner(pem, 'https://keel.test', 'another-service');
    expect(() => mine.verify(elsewhere.sign(claims))).toThrow(/wrong audience/);
    expect(() => elsewhere.verify(token)).toThrow(/wrong audience/);
  });
  it('refuses another issuer', () => {
    const sameKeyOtherIssuer = new JwtSigner(generateSigningKey(), 'https://other');
    expect(() => signer.verify(sameKeyOtherIssuer.sign(claims))).toThrow();
  });
});

describe('passwords (argon2id)', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });
});
