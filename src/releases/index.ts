// Release components (SPEC 6.2 streams release_components and release_component_batches, 6.3.7-8).
import type { Domain } from '../kernel/domain.js';
import { releasesRoutes } from './routes.js';
import { RELEASE_COMPONENTS_PERMISSION, releasesService } from './service.js';

export const releasesDomain: Domain = {
  name: 'releases',
  permissions: [
    {
      name: RELEASE_COMPONENTS_PERMISSION,
      description: "Record a release's components (deployment pipelines)",
    },
  ],
  routes: (api, core) => releasesRoutes(api, releasesService(core)),
};
