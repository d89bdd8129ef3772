// Secrets at rest: AES-256-GCM, a fresh 96-bit nonce per value, and the key id inside every ciphertext
// so that a key can be rotated without guessing which one sealed a value.
import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;

/**
 * Fresh random nonces, taken from a block of the system's random bytes filled 512 nonces at a time (a
 * call to the random source per nonce cost about as much as the encryption itself). Each part of the
 * block is handed out once; a nonce is no secret (it travels in the sealed value), it must only never
 * repeat under one key.
 */
const nonces = (() => {
  const block = Buffer.alloc(NONCE_BYTES * 512);
  let next = block.length;
  return (): Buffer => {
    if (next === block.length) {
      randomFillSync(block);
      next = 0;
    }
    const nonce = Buffer.from(block.subarray(next, next + NONCE_BYTES));
    next += NONCE_BYTES;
    return nonce;
  };
})();

export class SecretBox {
  readonly keyId: string;

  constructor(
    private readonly key: Buffer,
    /** Binds ciphertexts to their purpose, so one cannot be moved to another field. */
    private readonly purpose: string,
  ) {
    if (key.length !== 32) throw new Error('an AES-256 key is 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  }

  seal(plaintext: string): string {
    const iv = nonces();
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${VERSION}.${this.keyId}.${this.purpose}`));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      VERSION,
      this.keyId,
      iv.toString('base64url'),
      ct.toString('base64url'),
      tag.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, keyId, iv, ct, tag] = sealed.split('.');
    if (version !== VERSION || !iv || ct === undefined || !tag) throw new Error('not a sealed secret');
    if (keyId !== this.keyId) throw new Error(`sealed with key ${keyId}, which is not the configured key`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${VERSION}.${keyId}.${this.purpose}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}
