// What the console reads beyond the public API (docs/console.md): the pipeline health, for admins
// alone (no permission opens it; a delegated token of an admin is not an admin session).
import { fixed, type RouteGroup, type Who } from './table.js';

// The callers of an 'authenticated' route (the per-permission ones do not apply).
const NOT_ADMINS: Who[] = [
  'user without roles',
  'user with CAN_ACCESS',
  'service account with a CAN_ACCESS edge',
  'delegated token',
];

export const consoleRoutes: RouteGroup = {
  name: 'console',
  routes: [
    {
      method: 'GET',
      path: '/admin/pipeline',
      perm: 'authenticated',
      ok: 200,
      expect: Object.fromEntries(NOT_ADMINS.map((who) => [who, 403])),
      request: fixed('/admin/pipeline'),
    },
  ],
};
