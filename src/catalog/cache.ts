// The model list of an organization, cached per process and checked on every read against a version
// that triggers bump in the writing transaction. So a list read costs one small query (the version and
// the caller's teams, which are never cached) instead of loading and serializing every model, and
// every replica sees a committed change on its next read: there is no notification to miss.
import type { Migration } from '../db/migrate.js';
import type { Queryable, Tx } from '../db/sql.js';
import { SingleFlight } from '../lib/single-flight.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { modelRead } from './model-read.js';
import { listModels, type AccessScope } from './store.js';

export const catalogVersionsMigration: Migration = {
  id: '0400_catalog_versions',
  sql: `
    -- One row per organization whose models changed; the version moves in the same transaction as
    -- the change (a model written, or an ALLOWED_FOR edge added or removed, also by a team's deletion).
    CREATE TABLE catalog_versions (
      organization_id uuid PRIMARY KEY REFERENCES graph_nodes (id) ON DELETE CASCADE,
      version bigint NOT NULL
    );

    CREATE FUNCTION catalog_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      org uuid;
    BEGIN
      IF TG_TABLE_NAME = 'graph_nodes' THEN
        IF TG_OP = 'DELETE' THEN org := (OLD.props->>'organization_id')::uuid;
        ELSE org := (NEW.props->>'organization_id')::uuid;
        END IF;
      ELSE
        -- An edge from a model: the model's organization (a model being deleted bumps on its own).
        SELECT (n.props->>'organization_id')::uuid INTO org FROM graph_nodes n
         WHERE n.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.src ELSE NEW.src END);
      END IF;
      IF org IS NOT NULL AND EXISTS (SELECT 1 FROM graph_nodes WHERE id = org) THEN
        INSERT INTO catalog_versions (organization_id, version) VALUES (org, 1)
          ON CONFLICT (organization_id) DO UPDATE SET version = catalog_versions.version + 1;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER catalog_model_written AFTER INSERT OR UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'AIModel') EXECUTE FUNCTION catalog_bump_version();
    CREATE TRIGGER catalog_model_deleted AFTER DELETE ON graph_nodes
      FOR EACH ROW WHEN (OLD.label = 'AIModel') EXECUTE FUNCTION catalog_bump_version();
    CREATE TRIGGER catalog_allowed_added AFTER INSERT ON graph_edges
      FOR EACH ROW WHEN (NEW.label = 'ALLOWED_FOR') EXECUTE FUNCTION catalog_bump_version();
    CREATE TRIGGER catalog_allowed_removed AFTER DELETE ON graph_edges
      FOR EACH ROW WHEN (OLD.label = 'ALLOWED_FOR') EXECUTE FUNCTION catalog_bump_version();
  `,
};

/** One model as the list serves it: its response JSON, made once per version. */
export interface CachedModel {
  id: string;
  providerId: string;
  scope: AccessScope;
  /** Teams with a live ALLOWED_FOR edge. */
  teams: readonly string[];
  json: string;
}

interface Probe {
  version: number;
  teams: string[];
}

/** A response body of the list, with where the next page starts. */
export interface ListPage {
  body: Buffer;
  next: string | undefined;
}

/** An organization's models at one version, and the list pages already built from them. */
export class ModelSnapshot {
  /** Teams that some restricted model is allowed for: a caller's other teams change nothing. */
  readonly teamIds: ReadonlySet<string>;
  private readonly pages = new Map<string, ListPage>();

  constructor(
    readonly version: number,
    readonly orgSlug: string,
    /** By id, the list order. */
    readonly models: readonly CachedModel[],
  ) {
    this.teamIds = new Set(models.flatMap((m) => m.teams));
  }

  /** The page under `key` (everything that decides its content), built once per snapshot. */
  page(key: string, build: () => ListPage): ListPage {
    let p = this.pages.get(key);
    if (!p) {
      if (this.pages.size >= 500) this.pages.clear();
      p = build();
      this.pages.set(key, p);
    }
    return p;
  }
}

export class ModelListCache {
  private readonly entries = new TtlCache<string, ModelSnapshot>(60_000, 1_000);

  /** Probes in flight, by organization and user: concurrent reads of the same pair share one. */
  private readonly probes = new SingleFlight<Probe>();

  /**
   * The current version of an organization's models and the teams of a user, in one round trip.
   * Read before loading, so that a load racing a commit is only ever tagged with an older version.
   * A read that arrives while the same probe is running joins it (so under load one query serves
   * many requests); it then reflects the state at most one query's duration before it arrived.
   */
  probe(q: Queryable, orgId: string, userId: string | null): Promise<Probe> {
    return this.probes.run(`${orgId}|${userId ?? ''}`, async () => {
      const row = await q.one<{ version: number | null; teams: string[] }>(
        `SELECT (SELECT version FROM catalog_versions WHERE organization_id = $1) AS version,
                ARRAY(SELECT dst::text FROM graph_edges WHERE src = $2::uuid AND label = 'MEMBER_OF') AS teams`,
        [orgId, userId],
      );
      return { version: row?.version ?? 0, teams: row?.teams ?? [] };
    });
  }

  /** After a catalog write commits here, no later read may join a probe that started before it. */
  invalidate(tx: Tx): void {
    tx.afterCommit(() => this.probes.clear());
  }

  /** The organization's models at `version`, loading them when the cached ones are older. */
  async models(q: Queryable, org: { id: string; slug: string }, version: number): Promise<ModelSnapshot> {
    const hit = this.entries.get(org.id);
    if (hit && hit.version === version && hit.orgSlug === org.slug) return hit;
    const models: CachedModel[] = [];
    let after: string | undefined;
    for (;;) {
      const rows = await listModels(q, {
        orgId: org.id,
        visibility: { all: true },
        providerId: undefined,
        after,
        limit: 1000,
      });
      for (const r of rows) {
        models.push({
          id: r.id,
          providerId: r.props.provider_id,
          scope: r.props.access_scope,
          teams: r.live_team_ids,
          json: JSON.stringify(modelRead(r, org.slug)),
        });
      }
      if (rows.length < 1000) break;
      after = rows[rows.length - 1]!.id;
    }
    const snapshot = new ModelSnapshot(version, org.slug, models);
    this.entries.set(org.id, snapshot);
    return snapshot;
  }
}
