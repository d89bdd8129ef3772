// Issuing and checking access tokens (JWT + TokenMetadata by jti) and rotating refresh tokens.
import type { IssueRequest, IssuedToken, RefreshOutcome, UserNode } from '../kernel/identity.js';
import type { Settings } from '../config/settings.js';
import type { JwtSigner } from '../crypto/jwt.js';
import type { AuthCache } from '../kernel/auth-cache.js';
import { NOW_ISO, PgCode, pgCode, type Queryable, type Sql } from '../db/sql.js';
import { randomToken, sha256 } from '../crypto/tokens.js';
import { NodeGoneError, createNode, nodeByKey } from '../graph/store.js';
import { uuidv7 } from '../graph/ids.js';
import { AppError } from '../http/errors.js';
import { issuedAtMs, reachValidAfter, validAfterOf } from './revocation.js';
import { lockUser } from './users.store.js';

export interface TokenMetadataProps {
  jti: string;
  auth_method: string;
  subject: string;
  scope: string | null;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
  [k: string]: unknown;
}

export interface RefreshTokenProps {
  token_hash: string;
  family: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  [k: string]: unknown;
}

/** A refresh token that may not be rotated, and whether its whole family has to end. */
type RefreshRefusal = { error: string; revokeFamily?: string };

/**
 * Revokes every access token issued to a principal whose node is being deleted: tokens name their
 * principal by email or slug, so a later principal of the same name must not inherit them.
 */
export async function revokeTokensIssuedTo(q: Queryable, principalId: string): Promise<void> {
  await q.query(
    `UPDATE graph_nodes n SET props = n.props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
       FROM graph_edges e
      WHERE e.dst = $1 AND e.label = 'ISSUED_TO' AND n.id = e.src AND n.props->>'revoked_at' IS NULL`,
    [principalId],
  );
}

/** Ends every refresh-token family of a user (a password or status change): no new access tokens from them. */
export async function revokeRefreshTokensOf(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE graph_nodes SET props = props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
      WHERE label = 'RefreshToken' AND props->>'user_id' = $1 AND props->>'revoked_at' IS NULL`,
    [userId],
  );
}

/** Ends one refresh-token family (a sign-in and its rotations). */
async function revokeFamily(q: Queryable, family: string): Promise<void> {
  await q.query(
    `UPDATE graph_nodes SET props = props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
      WHERE label = 'RefreshToken' AND props->>'family' = $1 AND props->>'revoked_at' IS NULL`,
    [family],
  );
}

/**
 * A token's metadata node ($1, props $2), its jti key ($3) and its edges (labels $4 to nodes $5), in
 * one statement (the edges' references are checked at its end, when the node exists).
 */
export const ISSUE_TOKEN = `
  WITH n AS (INSERT INTO graph_nodes (id, label, props) VALUES ($1, 'TokenMetadata', $2)),
       k AS (INSERT INTO graph_keys (namespace, key, node_id) VALUES ('TokenMetadata.jti', $3, $1))
  INSERT INTO graph_edges (src, label, dst) SELECT $1, l, d FROM unnest($4::text[], $5::uuid[]) AS t(l, d)`;

/**
 * ISSUE_TOKEN run as a transaction of its own that commits without waiting for its WAL to reach the
 * disk (it sets synchronous_commit for itself only; run on the pool, never inside a transaction).
 *
 * Why this is safe for a grant's token: should PostgreSQL crash in the instant after the commit (at
 * most three times wal_writer_delay), the metadata may be lost while the token is out. A token whose
 * metadata is missing is refused (isRevoked reads no row as revoked; a replica that cached it as valid
 * drops the cache on any revocation, and the entry lives 5 s), so the loss fails closed: its holder
 * gets 401 and repeats its grant, as the scheduler does. Nothing else depends on the row: no money
 * moved, no state a person made. What it buys: one WAL flush per token was what bounded token
 * exchanges once the throttle wrote nothing (16 clients waited on WALWrite and WALSync in 197 of 219
 * samples of pg_stat_activity); docs/delegation.md has the figures.
 */
export const ISSUE_TOKEN_NO_FLUSH = `${ISSUE_TOKEN}, (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush`;

type RefreshRow = { id: string; props: RefreshTokenProps };

/** A refresh token by its hash, its row locked when `lock` says so. */
function refreshTokenByHash(q: Queryable, hash: string, lock: '' | 'FOR UPDATE OF n') {
  return q.one<RefreshRow>(
    `SELECT n.id, n.props FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
      WHERE k.namespace = 'RefreshToken.hash' AND k.key = $1 ${lock}`,
    [hash],
  );
}

/** Why a refresh token (its row and its user's, both locked) may not be rotated, if it may not. */
function refusal(row: RefreshRow, user: UserNode | undefined): RefreshRefusal | undefined {
  const p = row.props;
  if (p.revoked_at) return { error: 'the refresh token was revoked' };
  if (p.used_at)
    return { error: 'the refresh token was already used; its family is revoked', revokeFamily: p.family };
  if (Date.parse(p.expires_at) <= Date.now()) return { error: 'the refresh token has expired' };
  if (!user || !user.props.is_active) return { error: 'the user is unknown or inactive' };
  if (issuedAtMs(row.id) < validAfterOf(user.props))
    return { error: "the refresh token was issued before the user's password or status changed" };
  return undefined;
}

type Deps = { sql: Sql; jwt: JwtSigner; authCache: AuthCache; settings: Settings };

export function tokensService({ sql, jwt, authCache, settings }: Deps) {
  /** Records a token's metadata with `statement` (ISSUE_TOKEN or ISSUE_TOKEN_NO_FLUSH) and signs it. */
  async function issueWith(q: Queryable, statement: string, req: IssueRequest): Promise<IssuedToken> {
    await reachValidAfter(req.validAfterMs ?? 0);
    const now = Math.floor(Date.now() / 1000);
    const jti = uuidv7();
    const exp = now + req.ttlSeconds;
    const props: TokenMetadataProps = {
      jti,
      auth_method: req.authMethod,
      subject: req.principal.name,
      scope: req.scope ?? null,
      issued_at: new Date(now * 1000).toISOString(),
      expires_at: new Date(exp * 1000).toISOString(),
      revoked_at: null,
    };
    const links = [{ edge: 'ISSUED_TO', dst: req.principal.id }, ...(req.links ?? [])];
    try {
      await q.query(statement, [uuidv7(), props, jti, links.map((l) => l.edge), links.map((l) => l.dst)]);
    } catch (err) {
      // A principal, account or consent deleted meanwhile: as putEdge answers it.
      if (pgCode(err) === PgCode.foreignKeyViolation) throw new NodeGoneError();
      throw err;
    }
    const access_token = jwt.sign({
      sub: req.principal.name,
      auth_method: req.authMethod,
      jti,
      iat: now,
      exp,
      ...(req.scope ? { scope: req.scope } : {}),
      ...req.claims,
    });
    return { access_token, jti, expires_in: req.ttlSeconds };
  }

  return {
    /**
     * Signs a JWT and records its metadata (the node, its jti key, ISSUED_TO and the request's links)
     * in one statement of the caller's transaction (a sign-in, a refresh token's rotation).
     */
    issue(q: Queryable, req: IssueRequest): Promise<IssuedToken> {
      return issueWith(q, ISSUE_TOKEN, req);
    },

    /**
     * The same for a token a grant issues on its own (client credentials, token exchange): one
     * statement on the pool, committed without waiting for its WAL flush (ISSUE_TOKEN_NO_FLUSH says
     * why that is safe).
     */
    issueForGrant(req: IssueRequest): Promise<IssuedToken> {
      return issueWith(sql, ISSUE_TOKEN_NO_FLUSH, req);
    },

    /**
     * A user signs in (password, OAuth): an access token and a new refresh-token family. The user's row
     * is locked (FOR SHARE) while the tokens are written, so a password or status change either
     * committed before and is seen here, or waits and then dates its valid-after after these tokens.
     * A sign-in after a password check passes the row that check read (`checked`) and is refused when
     * the row now carries another valid-after: the password changed while it was being checked.
     */
    async signIn(user: { id: string; email: string }, authMethod: string, checked?: UserNode) {
      return sql.tx(async (tx) => {
        const current = await lockUser(tx, user.id, 'FOR SHARE');
        const unchanged = !checked || validAfterOf(checked.props) === validAfterOf(current?.props ?? {});
        // The same answer as any failed login: the password that was checked no longer opens a session.
        if (!current?.props.is_active || !unchanged)
          throw new AppError(401, 'invalid_credentials', 'wrong email or password');
        const issued = await this.issue(tx, {
          principal: { id: user.id, name: user.email },
          authMethod,
          ttlSeconds: settings.auth.accessTokenTtl,
          validAfterMs: validAfterOf(current.props),
        });
        return {
          access_token: issued.access_token,
          token_type: 'Bearer' as const,
          expires_in: issued.expires_in,
          refresh_token: await this.issueRefresh(tx, user.id),
        };
      });
    },

    /** Is this jti revoked (or unknown)? Cached; revocation invalidates the cache everywhere. */
    /** isRevoked's answer while it is cached, without a promise; undefined when it has to be read. */
    cachedRevocation(jti: string): boolean | undefined {
      return authCache.tokens.get(jti);
    },

    async isRevoked(jti: string): Promise<boolean> {
      return authCache.tokens.load(jti, async () => {
        const meta = await nodeByKey<TokenMetadataProps>(sql, 'TokenMetadata.jti', jti);
        return !meta || meta.props.revoked_at !== null;
      });
    },

    async revoke(jti: string): Promise<boolean> {
      return sql.tx(async (tx) => {
        const rows = await tx.query(
          `UPDATE graph_nodes n SET props = n.props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
             FROM graph_keys k
            WHERE k.namespace = 'TokenMetadata.jti' AND k.key = $1 AND n.id = k.node_id
              AND n.props->>'revoked_at' IS NULL
            RETURNING n.id`,
          [jti],
        );
        await authCache.invalidate(tx);
        return rows.length > 0;
      });
    },

    /** A new refresh token; `family` ties rotations together so reuse can revoke them all. */
    async issueRefresh(q: Queryable, userId: string, family = uuidv7()): Promise<string> {
      const token = randomToken(32);
      await createNode<RefreshTokenProps>(
        q,
        'RefreshToken',
        {
          token_hash: sha256(token),
          family,
          user_id: userId,
          expires_at: new Date(Date.now() + settings.auth.refreshTokenTtl * 1000).toISOString(),
          used_at: null,
          revoked_at: null,
        },
        [{ namespace: 'RefreshToken.hash', key: sha256(token) }],
      );
      return token;
    },

    /**
     * Rotates a refresh token: the presented one is used up, a new one of the same family and an access
     * token are issued, all in one transaction under the user's row lock (FOR SHARE, taken before the
     * token's as a credential change does), so a concurrent password or status change dates its
     * valid-after after both new tokens and its revocation sees the new refresh token. A refresh token
     * issued before the user's valid-after is refused whether or not a revocation reached it (its
     * issue instant is its node id, a UUIDv7). Presenting a used token again means it leaked: the whole
     * family is revoked.
     */
    async rotateRefresh(token: string): Promise<RefreshOutcome> {
      const hash = sha256(token);
      const outcome = await sql.tx(async (tx): Promise<RefreshOutcome | RefreshRefusal> => {
        const found = await refreshTokenByHash(tx, hash, '');
        const user = found && (await lockUser(tx, found.props.user_id, 'FOR SHARE'));
        const row = found && (await refreshTokenByHash(tx, hash, 'FOR UPDATE OF n'));
        if (!row) return { error: 'unknown refresh token' };
        const refused = refusal(row, user);
        if (refused) return refused;
        await tx.query(
          `UPDATE graph_nodes SET props = props || jsonb_build_object('used_at', ${NOW_ISO}), updated_at = now() WHERE id = $1`,
          [row.id],
        );
        // The access token first: it waits for the user's valid-after, so the refresh token's id (its
        // issue instant) is not dated before it either.
        const issued = await this.issue(tx, {
          principal: { id: user!.id, name: user!.props.email },
          authMethod: 'refresh_token',
          ttlSeconds: settings.auth.accessTokenTtl,
          validAfterMs: validAfterOf(user!.props),
        });
        const refresh_token = await this.issueRefresh(tx, user!.id, row.props.family);
        return { issued, refresh_token };
      });
      if ('revokeFamily' in outcome && outcome.revokeFamily) await revokeFamily(sql, outcome.revokeFamily);
      return 'error' in outcome ? { error: outcome.error } : outcome;
    },

    /**
     * Sign-out: ends the refresh-token family of `token` when it belongs to `userId` (any user: null). Anything else (an
     * unknown token, another user's) changes nothing and says nothing, so sign-out is no token oracle.
     */
    async endRefreshFamily(userId: string | null, token: string): Promise<void> {
      // null: whoever holds the token (the console's session cookie) may end its sign-in.
      const row = await sql.one<{ family: string }>(
        `SELECT n.props->>'family' AS family FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
          WHERE k.namespace = 'RefreshToken.hash' AND k.key = $1
            AND ($2::text IS NULL OR n.props->>'user_id' = $2)`,
        [sha256(token), userId],
      );
      if (row) await revokeFamily(sql, row.family);
    },
  };
}

export type TokensService = ReturnType<typeof tokensService>;
