import type { Domain } from '../kernel/domain.js';
import { DocumentPool } from './document-pool.js';
import { pluginEntitiesService } from './entities.service.js';
import { pluginMigrations } from './migrations.js';
import { pluginsService } from './plugins.service.js';
import { PluginRegistry } from './registry.js';
import { pluginRoutes } from './routes.js';

export const pluginsDomain: Domain = {
  name: 'plugins',
  migrations: pluginMigrations,
  permissions: [
    {
      name: 'admin:plugins:read',
      description: 'List installed plugins and read their manifests',
      defaultRoles: ['member'],
    },
    { name: 'admin:plugins:manage', description: 'Install, upgrade and uninstall plugins' },
  ],
  async seed(core) {
    if (!core.settings.pluginsDir) return;
    const installed = await pluginsService(core, new PluginRegistry()).installDirectory(
      core.settings.pluginsDir,
    );
    core.log.info(
      { plugins: installed.map((m) => `${m.slug}@${m.version}`) },
      'plugins installed from KEEL_PLUGINS_DIR',
    );
  },
  routes: (api, core) => {
    const registry = new PluginRegistry();
    const { workers, queue, inlineBelowBytes } = core.settings.pluginDocuments;
    const documents = new DocumentPool({ workers, queue, inlineBelow: inlineBelowBytes });
    api.addHook('onClose', () => documents.close());
    return pluginRoutes(
      api,
      pluginsService(core, registry),
      pluginEntitiesService(core, registry, documents),
      core.pages,
      documents,
    );
  },
};
