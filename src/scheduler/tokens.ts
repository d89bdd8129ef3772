// The tokens the scheduler calls with: its service account's client-credential JWT (system jobs, consent
// checks, exchanges) and users' delegated tokens (user jobs). Both live in memory only, until shortly
// before they expire; there is no refresh token (SPEC 5.2), so an expired delegated token means a new
// exchange.
import fs from 'node:fs';
import { secretsFile } from '../config/data-dir-secrets.js';
import type { KeelClient } from './keel-client.js';
import { unverifiedClaims } from './keel-client.js';

/** Renew this long before expiry, so that no call leaves with a token that dies on the way. */
const MARGIN_MS = 60_000;

export interface Credential {
  clientId: string;
  clientSecret: string;
}

export class NoCredentialError extends Error {
  constructor() {
    super(
      'the scheduler has no client credential: set KEEL_SCHEDULER_CLIENT_ID and KEEL_SCHEDULER_CLIENT_SECRET, or run keel setup-service-accounts (embedded mode keeps it in the data dir)',
    );
    this.name = 'NoCredentialError';
  }
}

/** The configured credential, else the one `keel setup-service-accounts` kept in the data dir. */
export function credentialSource(
  configured: Credential | null,
  dataDir: string,
): () => Credential | undefined {
  return () => {
    if (configured) return configured;
    try {
      const stored = JSON.parse(fs.readFileSync(secretsFile(dataDir), 'utf8')) as Record<string, unknown>;
      const id = stored.scheduler_client_id;
      const secret = stored.scheduler_client_secret;
      return typeof id === 'string' && typeof secret === 'string'
        ? { clientId: id, clientSecret: secret }
        : undefined;
    } catch {
      return undefined;
    }
  };
}

interface Held {
  token: string;
  renewAt: number;
  actor: string | null;
}

export function tokenKeeper(
  client: Pick<KeelClient, 'clientCredentials' | 'exchange'>,
  credential: () => Credential | undefined,
  now: () => number = Date.now,
) {
  let own: Held | undefined;
  let ownLoading: Promise<Held> | undefined;
  const delegated = new Map<string, Held>();

  const renewAt = (expiresIn: number) =>
    now() + Math.max(expiresIn * 1000 - MARGIN_MS, (expiresIn * 1000) / 2);

  async function schedulerToken(): Promise<string> {
    if (own && own.renewAt > now()) return own.token;
    ownLoading ??= (async () => {
      try {
        const cred = credential();
        if (!cred) throw new NoCredentialError();
        const grant = await client.clientCredentials(cred.clientId, cred.clientSecret);
        own = { token: grant.access_token, renewAt: renewAt(grant.expires_in), actor: null };
        return own;
      } finally {
        ownLoading = undefined;
      }
    })();
    return (await ownLoading).token;
  }

  return {
    schedulerToken,

    /** Forgets the scheduler's token (the API refused it), so the next call asks for a new one. */
    dropSchedulerToken(): void {
      own = undefined;
    },

    /** A delegated token for the user of a consent: reused until shortly before it expires. */
    async delegatedToken(
      consentId: string,
      user: string,
      scope: string,
    ): Promise<{ token: string; actor: string | null }> {
      const key = `${consentId}\u0000${user.toLowerCase()}\u0000${scope}`;
      const held = delegated.get(key);
      if (held && held.renewAt > now()) return held;
      const grant = await client.exchange(await schedulerToken(), user, scope);
      const act = unverifiedClaims(grant.access_token).act;
      const actor = typeof act?.client_id === 'string' ? act.client_id : null;
      const fresh: Held = { token: grant.access_token, renewAt: renewAt(grant.expires_in), actor };
      if (delegated.size >= 10_000) {
        for (const [k, v] of delegated) if (v.renewAt <= now()) delegated.delete(k);
      }
      delegated.set(key, fresh);
      return fresh;
    },

    /** Forgets a consent's delegated tokens (the consent is no longer active). */
    dropDelegated(consentId: string): void {
      for (const k of delegated.keys()) if (k.startsWith(`${consentId}\u0000`)) delegated.delete(k);
    },
  };
}

export type TokenKeeper = ReturnType<typeof tokenKeeper>;
