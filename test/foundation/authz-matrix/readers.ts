// The analytics readers (docs/analytics-readers.md): the activity is read by whoever may read the
// organization or the project; the operations log is read with
// operations_log:read and completed with operations_log:create; release components are recorded with
// release_components:create by whoever may also read the project, and read by whoever may read it. The matrix's Keel reads the
// embedded engine (as `keel serve` does); entries to complete are put straight into it, as the
// connector would.
import { openAnalyticsStore, type AnalyticsStore } from '../../../src/analytics/store/index.js';
import { ensureTables } from '../../../src/analytics/store/ddl.js';
import { analyticsTables } from '../../../src/analytics/store/tables.js';
import { entryRow } from '../../readers/support.js';
import { WRITE_WITHOUT_READ, adminCall, fixed, m, type RouteGroup } from './table.js';
import { ENV, ORG, P, PROJECT } from './foundation.js';

const LOG = `/organizations/${ORG}/operations-log`;
let store: AnalyticsStore | undefined;

/** An open entry, recorded through the API and delivered to the readers' store. */
async function storedOpenEntry(): Promise<string> {
  store ??= openAnalyticsStore(m.app.runtime.core.settings);
  const res = await adminCall('POST', LOG, {
    project: PROJECT,
    environment: ENV,
    entry_type: 'Deployed',
    description: 'matrix',
    status: 'open',
  });
  await store.insert('operations_log', [await entryRow((p) => adminCall('GET', p), res.body)]);
  return res.body.id as string;
}

export async function stopReaders(): Promise<void> {
  await store?.close();
  store = undefined;
}

export const readers: RouteGroup = {
  name: 'readers',
  setup: async () => {
    store ??= openAnalyticsStore(m.app.runtime.core.settings);
    await ensureTables(
      store,
      analyticsTables().filter((t) =>
        [
          'events',
          'operations_log',
          'release_components',
          'release_component_batches',
          'score_history',
        ].includes(t.name),
      ),
    );
    m.ids.entry = await storedOpenEntry();
  },
  routes: [
    {
      method: 'GET',
      path: '/organizations/{org}/events',
      perm: 'organization:read',
      ok: 200,
      request: fixed(`/organizations/${ORG}/events`),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/events',
      perm: 'project:read',
      acl: 'read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/events`),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/operations-log',
      perm: 'operations_log:read organization:read',
      ok: 200,
      request: fixed(LOG),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/operations-log/{id}',
      perm: 'operations_log:read organization:read',
      ok: 200,
      request: async () => ({ url: `${LOG}/${m.ids.entry}` }),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/operations-log/{id}/complete',
      perm: 'operations_log:create organization:read',
      ok: 200,
      // The entry goes back to those who may read the log (the admin) or recorded it; the others get 204.
      expect: WRITE_WITHOUT_READ,
      // A fresh open entry per caller: completing one twice is a 409.
      request: async () => ({ url: `${LOG}/${await storedOpenEntry()}/complete`, body: {} }),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/projects/{project}/releases/{version}/components',
      // Recording follows the read rule of the GET (project:read, or for a user a CAN_ACCESS read).
      perm: 'release_components:create project:read',
      ok: 202,
      request: fixed(`${P}/${PROJECT}/releases/1.0.0/components`, {
        components: [{ name: 'left-pad', version: '1.3.0' }],
      }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/releases',
      perm: 'project:read',
      acl: 'read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/releases`),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/releases/{version}/components',
      perm: 'project:read',
      acl: 'read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/releases/1.0.0/components`),
    },
  ],
};
