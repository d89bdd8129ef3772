// JWTs signed with Ed25519 (EdDSA), verified with node:crypto and cached until they expire.
import {
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
  createHash,
  generateKeyPairSync,
} from 'node:crypto';

export interface JwtClaims {
  iss: string;
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  auth_method: string;
  scope?: string;
  act?: { client_id: string };
  azp?: string;
  [claim: string]: unknown;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A header or payload segment: unpadded base64url. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** An Ed25519 signature: 64 bytes are 86 unpadded base64url characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** A segment's JSON object; anything else (`null`, an array, a number, bad JSON) is a malformed token. */
function jsonObject(segment: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('malformed token');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidTokenError('malformed token');
  }
  return value as Record<string, unknown>;
}

/** A compact EdDSA JWT taken apart, its signature not yet checked. */
export interface ParsedJwt {
  header: { alg?: unknown; kid?: unknown };
  claims: Record<string, unknown>;
  /** What the signature signs: the header and payload segments as sent. */
  signingInput: Buffer;
  signature: Buffer;
}

/**
 * Takes a token apart, or throws InvalidTokenError('malformed token'). Node's base64url decoder skips
 * characters outside the alphabet and ignores the unused bits of the last one, so `<signature>!` would
 * verify like `<signature>`: one token, any number of spellings, each a new entry in a cache keyed by
 * the token. Only the canonical spelling of an Ed25519 signature is accepted.
 */
export function parseJwt(token: string): ParsedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new InvalidTokenError('malformed token');
  const [h, p, s] = parts as [string, string, string];
  if (!SEGMENT.test(h) || !SEGMENT.test(p) || !SIGNATURE.test(s)) {
    throw new InvalidTokenError('malformed token');
  }
  const signature = Buffer.from(s, 'base64url');
  if (signature.toString('base64url') !== s) throw new InvalidTokenError('malformed token');
  return { header: jsonObject(h), claims: jsonObject(p), signingInput: Buffer.from(`${h}.${p}`), signature };
}

export function generateSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * The audience of every access token Keel issues: its own API. A token signed for anything else (or
 * for nothing, as before this claim existed) is refused.
 */
export const API_AUDIENCE = 'keel-api';

export class JwtSigner {
  readonly kid: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly headerSegment: string;
  /** Verified tokens until expiry; bounded so a flood of distinct tokens cannot grow it without limit. */
  private readonly verified = new Map<string, JwtClaims>();
  private static readonly CACHE_MAX = 50_000;

  constructor(
    privateKeyPem: string,
    readonly issuer: string,
    readonly audience: string = API_AUDIENCE,
  ) {
    this.privateKey = createPrivateKey(privateKeyPem);
    if (this.privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the signing key must be Ed25519');
    this.publicKey = createPublicKey(this.privateKey);
    const der = this.publicKey.export({ type: 'spki', format: 'der' });
    this.kid = createHash('sha256').update(der).digest('base64url').slice(0, 16);
    this.headerSegment = b64({ alg: 'EdDSA', typ: 'JWT', kid: this.kid });
  }

  sign(claims: Omit<JwtClaims, 'iss'>): string {
    const input = `${this.headerSegment}.${b64({ iss: this.issuer, ...claims, aud: this.audience })}`;
    return `${input}.${sign(null, Buffer.from(input), this.privateKey).toString('base64url')}`;
  }

  verify(token: string, now = Math.floor(Date.now() / 1000)): JwtClaims {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp <= now) {
        this.verified.delete(token);
        throw new InvalidTokenError('token expired');
      }
      return cached;
    }
    const { header, claims: parsed, signingInput, signature } = parseJwt(token);
    const claims = parsed as unknown as JwtClaims;
    if (header.alg !== 'EdDSA' || header.kid !== this.kid) throw new InvalidTokenError('unknown signing key');
    if (!verify(null, signingInput, this.publicKey, signature)) throw new InvalidTokenError('bad signature');
    if (claims.iss !== this.issuer) throw new InvalidTokenError('wrong issuer');
    if (claims.aud !== this.audience) throw new InvalidTokenError('wrong audience');
    if (typeof claims.exp !== 'number' || claims.exp <= now) throw new InvalidTokenError('token expired');
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string')
      throw new InvalidTokenError('malformed claims');
    if (this.verified.size >= JwtSigner.CACHE_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  jwks(): { keys: Record<string, unknown>[] } {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: this.kid, alg: 'EdDSA', use: 'sig' }] };
  }
}
