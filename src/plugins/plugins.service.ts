// Installing, upgrading and uninstalling plugins, through the admin API or from KEEL_PLUGINS_DIR.
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '../kernel/core.js';
import { attribution, type AuthContext } from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import type { Queryable, Tx } from '../db/sql.js';
import { KeyConflictError, createNode, listNodes, replaceProps, type Props } from '../graph/store.js';
import { AppError, conflict, invalid, notFound, type FieldError } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import {
  compileManifest,
  declaredLabels,
  derivedPermissions,
  parseManifestInput,
  type CompiledEdgeLabel,
  type CompiledPlugin,
  type CompiledVertexLabel,
  type Manifest,
} from './manifest.js';
import { decodeDocument } from './document-codec.js';
import { keepsOrder, manifestProps, storedManifest } from './manifest-text.js';
import type { PluginRegistry } from './registry.js';
import {
  claimLabels,
  countEdges,
  countNodes,
  createPermissions,
  deletePermissions,
  labelsInUse,
  lockPlugin,
  findPlugin,
  pluginKey,
  purgeLabels,
  scanEdges,
  scanNodes,
  type PluginNode,
  type PluginProps,
} from './store.js';

/** Serializes installs from KEEL_PLUGINS_DIR when several replicas start together. */
const DIRECTORY_LOCK = 7_245_340;
const SCAN_BATCH = 1000;
const EXAMPLES = 3;

/** The manifest as installed, in its author's order when that was kept (manifest-text.ts). */
const manifestOf = (n: PluginNode) => storedManifest(n.props);

export const pluginRead = (n: PluginNode) => pluginReadOf(n, manifestOf(n));
const pluginReadOf = (n: PluginNode, manifest: PluginNode['props']['manifest']) => ({
  slug: n.props.slug,
  name: n.props.name,
  version: n.props.version,
  description: manifest.description,
  revision: n.props.revision,
  vertex_labels: manifest.vertex_labels,
  edge_labels: manifest.edge_labels,
  permissions: derivedPermissions(manifest).map((p) => p.name),
  installed_by: n.props.installed_by,
  updated_by: n.props.updated_by,
  created_at: n.created_at.toISOString(),
  updated_at: n.updated_at.toISOString(),
});
export type PluginRead = ReturnType<typeof pluginReadOf>;

/** JSON with object keys sorted, so two schemas that differ only in key order compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Are these edge properties acceptable for the label? (No schema: the edge carries none.) */
export function edgePropsValid(edge: CompiledEdgeLabel, props: Props): boolean {
  return edge.validate ? edge.validate(props) : Object.keys(props).length === 0;
}

async function invalidNodes(q: Queryable, label: CompiledVertexLabel) {
  let after: string | null = null;
  let total = 0;
  const bad: string[] = [];
  let invalidCount = 0;
  for (;;) {
    const batch = await scanNodes(q, label.storage, after, SCAN_BATCH);
    for (const row of batch) {
      total++;
      if (!label.validate(decodeDocument(row.props))) {
        invalidCount++;
        if (bad.length < EXAMPLES) bad.push(row.id);
      }
    }
    if (batch.length < SCAN_BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  return { invalid: invalidCount, total, examples: bad };
}

async function invalidEdges(q: Queryable, edge: CompiledEdgeLabel) {
  let after: { src: string; dst: string } | null = null;
  let total = 0;
  let invalidCount = 0;
  const bad: string[] = [];
  for (;;) {
    const batch = await scanEdges(q, edge.storage, after, SCAN_BATCH);
    for (const row of batch) {
      total++;
      const ok =
        row.src_label === edge.source.storage &&
        row.dst_label === edge.target.storage &&
        edgePropsValid(edge, decodeDocument(row.props));
      if (!ok) {
        invalidCount++;
        if (bad.length < EXAMPLES) bad.push(`${row.src}->${row.dst}`);
      }
    }
    if (batch.length < SCAN_BATCH) break;
    after = batch[batch.length - 1]!;
  }
  return { invalid: invalidCount, total, examples: bad };
}

/**
 * What an upgrade from `old` to `next` would break in the stored data: labels removed while they
 * still hold data, and entities or edges the new schemas or tuples no longer accept.
 */
async function incompatibilities(
  q: Queryable,
  old: CompiledPlugin,
  next: CompiledPlugin,
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const add = (pointer: string, detail: string) => problems.push({ pointer, in: 'body', detail });
  for (const [name, v] of old.vertices) {
    const n = next.vertices.get(name);
    if (!n) {
      const count = await countNodes(q, v.storage);
      if (count > 0)
        add('/manifest/vertex_labels', `removes ${name}, which still has ${count} stored entities`);
      continue;
    }
    if (canonicalJson(n.schema) === canonicalJson(v.schema)) continue;
    const r = await invalidNodes(q, n);
    if (r.invalid > 0) {
      add(
        `/manifest/vertex_labels/${n.index}/schema`,
        `${r.invalid} of ${r.total} stored ${name} entities would not be valid (for example ${r.examples.join(', ')})`,
      );
    }
  }
  for (const [name, e] of old.edges) {
    const n = next.edges.get(name);
    if (!n) {
      const count = await countEdges(q, e.storage);
      if (count > 0) add('/manifest/edge_labels', `removes ${name}, which still has ${count} stored edges`);
      continue;
    }
    const same =
      canonicalJson(n.schema) === canonicalJson(e.schema) &&
      n.source.storage === e.source.storage &&
      n.target.storage === e.target.storage;
    if (same) continue;
    const r = await invalidEdges(q, n);
    if (r.invalid > 0) {
      add(
        `/manifest/edge_labels/${n.index}`,
        `${r.invalid} of ${r.total} stored ${name} edges would not be valid (for example ${r.examples.join(', ')})`,
      );
    }
  }
  return problems;
}

function manifestInvalid(errors: FieldError[]): AppError {
  return new AppError(
    422,
    'invalid_manifest',
    `${errors[0]!.pointer.slice(1)}: ${errors[0]!.detail}`,
    errors,
  );
}

type Deps = Pick<Core, 'sql' | 'authCache'>;

export function pluginsService({ sql, authCache }: Deps, registry: PluginRegistry) {
  /**
   * Installs `compiled` (existing undefined) or upgrades `existing` to it, inside `tx` with the plugin
   * row locked. Returns the stored node; unchanged manifests leave it as it is.
   */
  async function apply(tx: Tx, compiled: CompiledPlugin, by: string, existing: PluginNode | undefined) {
    const m = compiled.manifest;
    if (existing) {
      const stored = manifestOf(existing);
      if (canonicalJson(stored) === canonicalJson(m)) {
        if (keepsOrder(existing.props) && JSON.stringify(stored) === JSON.stringify(m)) return existing;
        return reorder(tx, existing, compiled, by);
      }
    }

    let node: PluginNode;
    if (existing) {
      node = existing;
    } else {
      try {
        node = await createNode<PluginProps>(
          tx,
          'Plugin',
          {
            slug: m.slug,
            name: m.name,
            version: m.version,
            ...manifestProps(m, 0),
            revision: 0,
            installed_by: by,
            updated_by: by,
          },
          [pluginKey(m.slug)],
        );
      } catch (err) {
        if (err instanceof KeyConflictError)
          throw conflict(`plugin ${m.slug} is already installed`, 'plugin_exists');
        throw err;
      }
    }

    const labels = declaredLabels(m);
    const errors: FieldError[] = [];
    const taken = new Map(
      (
        await claimLabels(
          tx,
          node.id,
          labels.map((l) => l.label),
        )
      ).map((t) => [t.label, t.owner]),
    );
    const inUse = new Set(
      await labelsInUse(
        tx,
        labels.map((l) => l.label),
      ),
    );
    for (const { label, pointer } of labels) {
      if (taken.has(label))
        errors.push({ pointer, in: 'body', detail: `${label} is declared by plugin ${taken.get(label)}` });
      else if (inUse.has(label))
        errors.push({ pointer, in: 'body', detail: `${label} is a label of first-class data` });
    }
    if (errors.length > 0) throw manifestInvalid(errors);

    if (existing) {
      const old = compileManifest(manifestOf(existing));
      const problems = await incompatibilities(tx, old, compiled);
      if (problems.length > 0) {
        throw new AppError(
          409,
          'incompatible_upgrade',
          `the new manifest does not accept data stored under ${m.slug}: ${problems.map((p) => p.detail).join('; ')}`,
          problems,
        );
      }
      const keep = new Set(derivedPermissions(m).map((p) => p.name));
      await deletePermissions(
        tx,
        derivedPermissions(manifestOf(existing))
          .map((p) => p.name)
          .filter((n) => !keep.has(n)),
      );
    }
    await createPermissions(tx, derivedPermissions(m));
    await authCache.invalidate(tx);

    const revision = node.props.revision + 1;
    const updated = (await replaceProps<PluginProps>(tx, node.id, {
      ...node.props,
      name: m.name,
      version: m.version,
      ...manifestProps(m, revision),
      revision,
      updated_by: by,
    }))!;
    tx.afterCommit(() => registry.remember(node.id, revision, m, compiled));
    return updated;
  }

  /**
   * The same manifest in another order (or a node stored before the order was kept): only the text
   * changes, so labels, permissions and stored data stay as they are. The revision still grows, so
   * every replica's compiled copy (which answers a label's `_schema`) takes the new order.
   */
  async function reorder(tx: Tx, node: PluginNode, compiled: CompiledPlugin, by: string) {
    const revision = node.props.revision + 1;
    const updated = (await replaceProps<PluginProps>(tx, node.id, {
      ...node.props,
      ...manifestProps(compiled.manifest, revision),
      revision,
      updated_by: by,
    }))!;
    tx.afterCommit(() => registry.remember(node.id, revision, compiled.manifest, compiled));
    return updated;
  }

  function compileInput(input: unknown): CompiledPlugin {
    return compileManifest(parseManifestInput(input));
  }

  return {
    async list(ctx: AuthContext, page: Page, search?: string) {
      authorize(ctx, 'admin:plugins:read');
      const r = await listNodes<PluginProps>(sql, {
        label: 'Plugin',
        after: page.after,
        limit: page.limit,
        search: search ? { fields: ['slug', 'name'], text: search } : undefined,
      });
      return { next: r.next, items: r.items.map(pluginRead) };
    },

    async get(ctx: AuthContext, slug: string): Promise<PluginRead> {
      authorize(ctx, 'admin:plugins:read');
      const node = await findPlugin(sql, slug);
      if (!node) throw notFound(`plugin ${slug}`);
      return pluginRead(node);
    },

    async install(ctx: AuthContext, input: unknown): Promise<PluginRead> {
      authorize(ctx, 'admin:plugins:manage');
      const compiled = compileInput(input);
      return pluginRead(await sql.tx((tx) => apply(tx, compiled, attribution(ctx), undefined)));
    },

    /** Upgrade (PUT): the same slug, a new manifest; refused with 409 when stored data would break. */
    async upgrade(ctx: AuthContext, slug: string, input: unknown): Promise<PluginRead> {
      authorize(ctx, 'admin:plugins:manage');
      const compiled = compileInput(input);
      if (compiled.manifest.slug !== slug) {
        throw invalid(
          '/manifest/slug',
          `must be ${slug}, the plugin this request upgrades`,
          'invalid_manifest',
        );
      }
      return pluginRead(
        await sql.tx(async (tx) => {
          const existing = await lockPlugin(tx, slug);
          if (!existing) throw notFound(`plugin ${slug}`);
          return apply(tx, compiled, attribution(ctx), existing);
        }),
      );
    },

    /** Uninstall; 409 while entities or edges exist, unless `purge` deletes them too. */
    async uninstall(ctx: AuthContext, slug: string, purge: boolean): Promise<void> {
      authorize(ctx, 'admin:plugins:manage');
      await sql.tx(async (tx) => {
        const node = await lockPlugin(tx, slug);
        if (!node) throw notFound(`plugin ${slug}`);
        const compiled = compileManifest(manifestOf(node));
        const vertices = [...compiled.vertices.values()];
        const edges = [...compiled.edges.values()];
        if (!purge) {
          const held: string[] = [];
          for (const v of vertices) {
            const n = await countNodes(tx, v.storage);
            if (n > 0) held.push(`${n} ${v.name} entities`);
          }
          for (const e of edges) {
            const n = await countEdges(tx, e.storage);
            if (n > 0) held.push(`${n} ${e.name} edges`);
          }
          if (held.length > 0) {
            throw conflict(
              `plugin ${slug} still holds ${held.join(', ')}; delete them first or uninstall with ?purge=true`,
              'plugin_not_empty',
            );
          }
        }
        await purgeLabels(
          tx,
          vertices.map((v) => v.storage),
          edges.map((e) => e.storage),
        );
        await deletePermissions(
          tx,
          derivedPermissions(manifestOf(node)).map((p) => p.name),
        );
        await tx.query('DELETE FROM graph_nodes WHERE id = $1', [node.id]);
        await authCache.invalidate(tx);
        tx.afterCommit(() => registry.forget(node.id, slug));
      });
    },

    /**
     * Start-up: installs (or upgrades, by the rules of PUT) every manifest in `dir` (`*.json`,
     * `*.yaml`, `*.yml`). A manifest that cannot be applied stops start-up with the file named.
     */
    async installDirectory(dir: string): Promise<Manifest[]> {
      let files: string[];
      try {
        files = fs
          .readdirSync(dir)
          .filter((f) => /\.(json|ya?ml)$/i.test(f))
          .sort();
      } catch (err) {
        throw new Error(`KEEL_PLUGINS_DIR: cannot read ${dir}: ${(err as Error).message}`);
      }
      const failed = (file: string, err: unknown): Error => {
        const where = `KEEL_PLUGINS_DIR: ${path.join(dir, file)}`;
        if (err instanceof AppError) {
          const details = (err.errors ?? []).map(
            (e) => `${e.pointer.replace(/^\/manifest\/?/, '') || '/'}: ${e.detail}`,
          );
          return new Error(`${where}: ${details.length > 0 ? details.join('; ') : err.detail}`);
        }
        return new Error(`${where}: ${(err as Error).message}`);
      };
      const plugins: { file: string; compiled: CompiledPlugin }[] = [];
      for (const file of files) {
        let compiled: CompiledPlugin;
        try {
          compiled = compileInput(fs.readFileSync(path.join(dir, file), 'utf8'));
        } catch (err) {
          throw failed(file, err);
        }
        const twin = plugins.find((p) => p.compiled.manifest.slug === compiled.manifest.slug);
        if (twin)
          throw failed(file, new Error(`plugin ${compiled.manifest.slug} is also declared by ${twin.file}`));
        plugins.push({ file, compiled });
      }
      // One transaction: a directory that cannot be applied whole changes nothing.
      await sql.tx(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [DIRECTORY_LOCK]);
        for (const { file, compiled } of plugins) {
          try {
            await apply(tx, compiled, 'KEEL_PLUGINS_DIR', await lockPlugin(tx, compiled.manifest.slug));
          } catch (err) {
            throw failed(file, err);
          }
        }
      });
      const applied = plugins.map((p) => p.compiled.manifest);
      return applied;
    },
  };
}

export type PluginsService = ReturnType<typeof pluginsService>;
