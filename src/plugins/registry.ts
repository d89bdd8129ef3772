// Compiled plugins per process: a label's validators are built once per (plugin, revision) and
// rebuilt when another request (or replica) has upgraded the plugin.
import type { Queryable } from '../db/sql.js';
import { notFound } from '../http/errors.js';
import { compileManifest, type CompiledPlugin } from './manifest.js';
import { findPluginHead, pluginById, type PluginHead } from './store.js';

export interface CurrentPlugin {
  head: PluginHead;
  plugin: CompiledPlugin;
}

export class PluginRegistry {
  private readonly compiled = new Map<string, { revision: number; plugin: CompiledPlugin }>();

  /** The plugin as stored now, compiled; 404 when it is not installed. */
  async current(q: Queryable, slug: string): Promise<CurrentPlugin> {
    const head = await findPluginHead(q, slug);
    if (!head) throw notFound(`plugin ${slug}`);
    const hit = this.compiled.get(head.id);
    if (hit && hit.revision === head.revision) return { head, plugin: hit.plugin };
    const node = await pluginById(q, head.id);
    if (!node) throw notFound(`plugin ${slug}`);
    return {
      head: { id: node.id, revision: node.props.revision },
      plugin: this.remember(node.id, node.props.revision, node.props.manifest),
    };
  }

  /** Keeps a compiled revision (the upgrade that produced it already has it compiled). */
  remember(id: string, revision: number, manifest: unknown, plugin?: CompiledPlugin): CompiledPlugin {
    const compiled = plugin ?? compileManifest(manifest);
    this.compiled.set(id, { revision, plugin: compiled });
    return compiled;
  }

  forget(id: string): void {
    this.compiled.delete(id);
  }
}
