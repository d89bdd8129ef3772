// Comments on projects (SPEC 6.2 stream events, topic comments).
import type { Domain } from '../kernel/domain.js';
import { commentRoutes } from './routes.js';
import { commentsService } from './service.js';
import { commentsMigrations } from './store.js';

export const commentsDomain: Domain = {
  name: 'comments',
  migrations: commentsMigrations,
  routes: (api, core) => commentRoutes(api, commentsService(core)),
};
