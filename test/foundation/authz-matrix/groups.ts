// Every route group of the authorization matrix. A new route goes into its group's table (one entry);
// a new group is one module added here.
import { catalog } from './catalog.js';
import { connector } from './connector.js';
import { consoleRoutes } from './console.js';
import { delegation } from './delegation.js';
import { foundation } from './foundation.js';
import { oauth } from './oauth.js';
import { plugins } from './plugins.js';
import { producers } from './producers.js';
import { projectModel } from './project-model.js';
import { readers } from './readers.js';
import { scheduler } from './scheduler.js';
import { scoring } from './scoring.js';
import type { RouteGroup } from './table.js';

export const GROUPS: RouteGroup[] = [
  foundation,
  plugins,
  delegation,
  oauth,
  catalog,
  scoring,
  producers,
  readers,
  scheduler,
  connector,
  consoleRoutes,
  projectModel,
];
