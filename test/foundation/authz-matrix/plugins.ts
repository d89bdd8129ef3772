// Plugins: administration (admin:plugins:*) and the generic router (the derived permissions). Edge
// routes also need read of both end labels (docs/plugins.md), so their holders hold those too.
import { adminCall, fixed, m, type RouteGroup } from './table.js';
import { ENV } from './foundation.js';

const SLUG = 'm-plug';
const manifest = (slug: string, label: string) => ({
  slug,
  name: slug,
  version: '1.0.0',
  vertex_labels: [{ name: label, schema: { type: 'object', properties: { name: { type: 'string' } } } }],
  edge_labels:
    slug === SLUG ? [{ source_label: 'Environment', edge_label: 'M_USES', target_label: label }] : [],
});
const perm = (label: string, action: 'read' | 'write') => `plugins:${SLUG}:entities:${label}:${action}`;
const E = `/admin/plugins/${SLUG}/entities/Widget`;
const G = `/admin/plugins/${SLUG}/edges/M_USES`;
/** The edge routes' holders also read both ends: the environment and the widget. */
const edgePerm = (action: 'read' | 'write') =>
  `${perm('M_USES', action)} environment:read ${perm('Widget', 'read')}`;

const widget = async () => (await adminCall('POST', E, { name: 'w' })).body.id as string;

export const plugins: RouteGroup = {
  name: 'plugins',
  setup: async () => {
    await adminCall('POST', '/admin/plugins', { manifest: manifest(SLUG, 'Widget') });
    m.ids.widget = await widget();
    m.ids.env = (await adminCall('GET', `/environments/${ENV}`)).body.id;
    await adminCall('POST', G, { source_id: m.ids.env, target_id: m.ids.widget });
  },
  routes: [
    {
      method: 'POST',
      path: '/admin/plugins',
      perm: 'admin:plugins:manage',
      ok: 201,
      request: async (n) => ({
        url: '/admin/plugins',
        body: { manifest: manifest(`m-new-${n}`, `New${n}`) },
      }),
    },
    {
      method: 'GET',
      path: '/admin/plugins',
      perm: 'admin:plugins:read',
      ok: 200,
      request: fixed('/admin/plugins'),
    },
    {
      method: 'GET',
      path: '/admin/plugins/{slug}',
      perm: 'admin:plugins:read',
      ok: 200,
      request: fixed(`/admin/plugins/${SLUG}`),
    },
    {
      method: 'PUT',
      path: '/admin/plugins/{slug}',
      perm: 'admin:plugins:manage',
      ok: 200,
      request: fixed(`/admin/plugins/${SLUG}`, { manifest: manifest(SLUG, 'Widget') }),
    },
    {
      method: 'DELETE',
      path: '/admin/plugins/{slug}',
      perm: 'admin:plugins:manage',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', '/admin/plugins', { manifest: manifest(`m-doomed-${n}`, `Doomed${n}`) });
        return { url: `/admin/plugins/m-doomed-${n}` };
      },
    },
    {
      method: 'GET',
      path: '/admin/plugins/{slug}/entities/{label}',
      perm: perm('Widget', 'read'),
      ok: 200,
      request: fixed(E),
    },
    {
      method: 'POST',
      path: '/admin/plugins/{slug}/entities/{label}',
      perm: perm('Widget', 'write'),
      ok: 201,
      request: fixed(E, { name: 'new' }),
    },
    {
      method: 'GET',
      path: '/admin/plugins/{slug}/entities/{label}/{id}',
      perm: perm('Widget', 'read'),
      ok: 200,
      request: async () => ({ url: `${E}/${m.ids.widget}` }),
    },
    {
      method: 'PATCH',
      path: '/admin/plugins/{slug}/entities/{label}/{id}',
      perm: perm('Widget', 'write'),
      ok: 200,
      request: async (n) => ({ url: `${E}/${m.ids.widget}`, body: { name: `w${n}` } }),
    },
    {
      method: 'DELETE',
      path: '/admin/plugins/{slug}/entities/{label}/{id}',
      perm: perm('Widget', 'write'),
      ok: 204,
      request: async () => ({ url: `${E}/${await widget()}` }),
    },
    {
      method: 'GET',
      path: '/admin/plugins/{slug}/entities/{label}/_schema',
      perm: perm('Widget', 'read'),
      ok: 200,
      request: fixed(`${E}/_schema`),
    },
    {
      method: 'GET',
      path: '/admin/plugins/{slug}/edges/{label}',
      perm: edgePerm('read'),
      ok: 200,
      request: fixed(G),
    },
    {
      method: 'POST',
      path: '/admin/plugins/{slug}/edges/{label}',
      perm: edgePerm('write'),
      ok: 201,
      request: async () => ({ url: G, body: { source_id: m.ids.env, target_id: await widget() } }),
    },
    {
      method: 'DELETE',
      path: '/admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}',
      perm: edgePerm('write'),
      ok: 204,
      request: async () => {
        const w = await widget();
        await adminCall('POST', G, { source_id: m.ids.env, target_id: w });
        return { url: `${G}/${m.ids.env}/${w}` };
      },
    },
    {
      method: 'GET',
      path: '/admin/plugins/{slug}/edges/{label}/_schema',
      perm: edgePerm('read'),
      ok: 200,
      request: fixed(`${G}/_schema`),
    },
    {
      method: 'GET',
      path: '/admin/environments/{slug}/plugin-edges/{plugin}/{label}',
      perm: edgePerm('read'),
      ok: 200,
      request: fixed(`/admin/environments/${ENV}/plugin-edges/${SLUG}/M_USES`),
    },
  ],
};
