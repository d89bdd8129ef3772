// Compiled plugins per process: a label's validators are built once per (plugin, revision) and
// rebuilt when another request (or replica) has upgraded the plugin.
import type { Queryable } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { compileManifest, type CompiledPlugin } from './manifest.js';
import { storedManifest } from './manifest-text.js';
import { findPluginHead, pluginById, type PluginHead } from './store.js';

/**
 * How long a plugin's (id, revision) is trusted without asking the database. Writes never depend
 * on it (they store only while the plugin row still has the revision they validated against, and
 * look again when it moved on); reads may see another replica's upgrade this much later. Changes
 * made through this process are seen at once.
 */
const HEAD_TTL_MS = 1_000;

export interface CurrentPlugin {
  head: PluginHead;
  plugin: CompiledPlugin;
}

export class PluginRegistry {
  private readonly compiled = new Map<string, { revision: number; plugin: CompiledPlugin }>();
  private readonly heads = new TtlCache<string, PluginHead>(HEAD_TTL_MS, 10_000);

  /** The plugin, compiled; 404 when it is not installed. `fresh` skips the cached revision. */
  async current(q: Queryable, slug: string, fresh = false): Promise<CurrentPlugin> {
    let head = fresh ? undefined : this.heads.get(slug);
    if (!head) {
      head = await findPluginHead(q, slug);
      if (!head) throw notFound(`plugin ${slug}`);
      this.heads.set(slug, head);
    }
    const hit = this.compiled.get(head.id);
    if (hit && hit.revision === head.revision) return { head, plugin: hit.plugin };
    const node = await pluginById(q, head.id);
    if (!node) {
      this.heads.delete(slug);
      throw notFound(`plugin ${slug}`);
    }
    const plugin = this.remember(node.id, node.props.revision, storedManifest(node.props));
    return { head: { id: node.id, revision: node.props.revision }, plugin };
  }

  /** Keeps a compiled revision (an upgrade in this process hands over what it compiled). */
  remember(
    id: string,
    revision: number,
    manifest: { slug: string },
    plugin?: CompiledPlugin,
  ): CompiledPlugin {
    const compiled = plugin ?? compileManifest(manifest);
    this.compiled.set(id, { revision, plugin: compiled });
    this.heads.set(manifest.slug, { id, revision });
    return compiled;
  }

  forget(id: string, slug: string): void {
    this.compiled.delete(id);
    this.heads.delete(slug);
  }
}
