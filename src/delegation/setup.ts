// `keel setup-service-accounts`, also run at `keel serve` start-up: the scheduler's service account,
// its role and a client credential (SPEC 2.4). Idempotent; never rotates a credential and never touches
// the grants of a role, so an operator's changes are kept.
import type { ServiceAccountNode } from '../kernel/identity.js';
import type { Core } from '../kernel/core.js';
import { SCHEDULER_NAME } from '../kernel/context.js';
import { roleBySlug } from '../authz/index.js';
import { storeSecret, secretsFile } from '../config/data-dir-secrets.js';
import { safeEqual, sha256 } from '../crypto/tokens.js';
import { putEdge } from '../graph/store.js';
import { credentialsOf, findCredential, ownerOfCredential } from '../identity/index.js';
import { SCHEDULER_SA } from './consents.service.js';

/** The seeded role of the scheduler's account. */
export const SCHEDULER_ROLE = SCHEDULER_NAME;
const SETUP_LOCK = 7_245_340;

export type CredentialOutcome =
  | { kind: 'generated'; client_id: string; client_secret: string }
  | { kind: 'adopted'; client_id: string }
  | { kind: 'kept'; client_id: string }
  /** The configured client id exists with another secret or owner, or is revoked: nothing was changed. */
  | { kind: 'conflict'; client_id: string; reason: string };

export interface SetupOutcome {
  account: 'created' | 'existing';
  role: 'assigned' | 'unchanged';
  credential: CredentialOutcome;
}

type Deps = Pick<Core, 'sql' | 'settings' | 'identity' | 'authCache'>;

async function ensureCredential(core: Deps, sa: ServiceAccountNode): Promise<CredentialOutcome> {
  const { sql, settings } = core;
  const configured = settings.scheduler;
  if (configured) {
    const existing = await findCredential(sql, configured.clientId);
    if (!existing) {
      await core.identity.serviceAccounts.addCredentialUnchecked(sa, {
        name: 'scheduler (configured)',
        client_id: configured.clientId,
        client_secret: configured.clientSecret,
      });
      return { kind: 'adopted', client_id: configured.clientId };
    }
    const owner = await ownerOfCredential(sql, existing.id);
    const reason =
      owner?.id !== sa.id
        ? `it belongs to another service account`
        : !safeEqual(existing.props.secret_hash, sha256(configured.clientSecret))
          ? 'its stored secret differs from KEEL_SCHEDULER_CLIENT_SECRET (credentials are never rotated; revoke it to adopt a new secret under a new client id)'
          : existing.props.revoked_at
            ? 'it is revoked'
            : undefined;
    return reason
      ? { kind: 'conflict', client_id: configured.clientId, reason }
      : { kind: 'kept', client_id: configured.clientId };
  }
  const now = Date.now();
  const usable = (await credentialsOf(sql, sa.id)).find(
    (c) => !c.props.revoked_at && !(c.props.expires_at && Date.parse(c.props.expires_at) <= now),
  );
  if (usable) return { kind: 'kept', client_id: usable.props.client_id };
  const created = await core.identity.serviceAccounts.addCredentialUnchecked(sa, { name: 'scheduler' });
  return { kind: 'generated', client_id: created.client_id, client_secret: created.client_secret };
}

/** Creates what is missing; serialized across replicas that start together. */
export async function setupServiceAccounts(core: Deps): Promise<SetupOutcome> {
  return core.sql.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    const { serviceAccounts } = core.identity;
    let sa = await serviceAccounts.findUnchecked(SCHEDULER_SA);
    const account = sa ? 'existing' : 'created';
    sa ??= await serviceAccounts.createUnchecked(
      {
        slug: SCHEDULER_SA,
        display_name: 'Scheduler',
        description: 'Runs scheduled jobs: system jobs as itself, user jobs through token exchange.',
      },
      'setup-service-accounts',
    );
    // The role is assigned to an account that has none (new, or created by hand without roles); an
    // account an operator gave roles to keeps exactly those.
    let role: SetupOutcome['role'] = 'unchanged';
    const hasRoles = await tx.one(`SELECT 1 FROM graph_edges WHERE src = $1 AND label = 'HAS_ROLE'`, [sa.id]);
    if (!hasRoles) {
      const r = await roleBySlug(tx, SCHEDULER_ROLE);
      if (!r) throw new Error(`the seeded role ${SCHEDULER_ROLE} is missing; run keel migrate`);
      await putEdge(tx, sa.id, 'HAS_ROLE', r.id);
      await core.authCache.invalidate(tx);
      role = 'assigned';
    }
    return { account, role, credential: await ensureCredential(core, sa) };
  });
}

/**
 * What to tell the operator, and where a generated secret goes: printed once, or (embedded mode) kept
 * in the data dir for the built-in scheduler. Never passes a secret to the logger.
 */
export function finishSetup(
  outcome: SetupOutcome,
  options: { embedded: boolean; dataDir: string },
): { lines: string[]; warning?: string } {
  const lines: string[] = [];
  if (outcome.account === 'created') lines.push(`created service account ${SCHEDULER_SA}`);
  if (outcome.role === 'assigned') lines.push(`assigned role ${SCHEDULER_ROLE} to ${SCHEDULER_SA}`);
  const c = outcome.credential;
  switch (c.kind) {
    case 'generated':
      if (options.embedded) {
        storeSecret(options.dataDir, 'scheduler_client_id', c.client_id);
        storeSecret(options.dataDir, 'scheduler_client_secret', c.client_secret);
        lines.push(
          `generated a client credential for ${SCHEDULER_SA}; kept as scheduler_client_id and scheduler_client_secret in ${secretsFile(options.dataDir)}`,
        );
      } else {
        lines.push(
          `generated a client credential for ${SCHEDULER_SA}; store it now, it is shown this once:`,
          `  KEEL_SCHEDULER_CLIENT_ID=${c.client_id}`,
          `  KEEL_SCHEDULER_CLIENT_SECRET=${c.client_secret}`,
        );
      }
      break;
    case 'adopted':
      lines.push(`adopted the configured client credential ${c.client_id} for ${SCHEDULER_SA}`);
      break;
    case 'kept':
      lines.push(`service account ${SCHEDULER_SA} has client credential ${c.client_id}; kept as it is`);
      break;
    case 'conflict':
      return {
        lines,
        warning: `KEEL_SCHEDULER_CLIENT_ID ${c.client_id} was not adopted: ${c.reason}`,
      };
  }
  return { lines };
}
