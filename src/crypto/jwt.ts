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
    const parts = token.split('.');
    if (parts.length !== 3) throw new InvalidTokenError('malformed token');
    const [h, p, s] = parts as [string, string, string];
    let header: { alg?: unknown; kid?: unknown };
    let claims: JwtClaims;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      throw new InvalidTokenError('malformed token');
    }
    if (header.alg !== 'EdDSA' || header.kid !== this.kid) throw new InvalidTokenError('unknown signing key');
    if (!verify(null, Buffer.from(`${h}.${p}`), this.publicKey, Buffer.from(s, 'base64url'))) {
      throw new InvalidTokenError('bad signature');
    }
    if (typeof claims !== 'object' || claims === null) throw new InvalidTokenError('malformed claims');
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
