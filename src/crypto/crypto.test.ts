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
