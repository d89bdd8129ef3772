// The AI model catalog (docs/ai-catalog.md): providers and models under ai_model:* permissions;
// discovery and import reach a local server speaking the vendor's wire format.
import { FakeVendor } from '../../catalog/vendors.js';
import { WRITE_WITHOUT_READ, adminCall, fixed, m, type RouteGroup } from './table.js';
import { ORG } from './foundation.js';

const KEY = 'sk-matrix-key-0123456789';
const PR = `/organizations/${ORG}/ai-providers`;
const MO = `/organizations/${ORG}/ai-models`;
let vendor: FakeVendor;
const provider = async (name: string) =>
  (await adminCall('POST', PR, { driver: 'vendor_b', name, base_url: vendor.baseUrl })).body.id as string;
const model = (n: number) => ({
  provider_id: m.ids.provider,
  model_id: `m-model-${n}`,
  slug: `m-model-${n}`,
  kind: 'chat',
  access_scope: 'organization',
});

/** Holders of ai_model:update see every model (docs/ai-catalog.md); the "without" callers hold it. */
const updateHolderReads = {
  'user without the permission': 200,
  'service account without the permission': 200,
};

export const catalog: RouteGroup = {
  name: 'catalog',
  setup: async () => {
    vendor = await new FakeVendor('b').start();
    vendor.models = [{ id: 'm-chat-1' }, { id: 'm-chat-2' }];
    m.ids.provider = await provider('m-provider');
    await adminCall('PUT', `${PR}/${m.ids.provider}/credentials`, { api_key: KEY });
    m.ids.model = (await adminCall('POST', MO, model(0))).body.id;
  },
  routes: [
    {
      method: 'GET',
      path: '/ai-provider-drivers',
      perm: 'authenticated',
      ok: 200,
      request: fixed('/ai-provider-drivers'),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/ai-providers',
      perm: 'ai_model:create organization:read',
      ok: 201,
      request: async (n) => ({
        url: PR,
        body: { driver: 'vendor_b', name: `p${n}`, base_url: vendor.baseUrl },
      }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/ai-providers',
      perm: 'ai_model:read organization:read',
      ok: 200,
      request: fixed(PR),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/ai-providers/{id}',
      perm: 'ai_model:read organization:read',
      ok: 200,
      request: async () => ({ url: `${PR}/${m.ids.provider}` }),
    },
    {
      method: 'PATCH',
      path: '/organizations/{org}/ai-providers/{id}',
      perm: 'ai_model:update organization:read',
      ok: 200,
      expect: WRITE_WITHOUT_READ,
      request: async (n) => ({ url: `${PR}/${m.ids.provider}`, body: { name: `provider ${n}` } }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/ai-providers/{id}',
      perm: 'ai_model:delete organization:read',
      ok: 204,
      request: async (n) => ({ url: `${PR}/${await provider(`doomed-${n}`)}` }),
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/ai-providers/{id}/credentials',
      perm: 'ai_model:credentials organization:read',
      ok: 200,
      expect: WRITE_WITHOUT_READ,
      request: async (n) => ({
        url: `${PR}/${await provider(`keyed-${n}`)}/credentials`,
        body: { api_key: KEY },
      }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/ai-providers/{id}/credentials',
      perm: 'ai_model:credentials organization:read',
      ok: 204,
      request: async (n) => {
        const id = await provider(`unkeyed-${n}`);
        await adminCall('PUT', `${PR}/${id}/credentials`, { api_key: KEY });
        return { url: `${PR}/${id}/credentials` };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/ai-providers/{id}/discover',
      perm: 'ai_model:create organization:read ai_model:read',
      ok: 200,
      request: async () => ({ url: `${PR}/${m.ids.provider}/discover` }),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/ai-providers/{id}/import-models',
      perm: 'ai_model:create organization:read ai_model:read',
      ok: 201,
      request: async (n) => {
        const id = await provider(`import-${n}`);
        await adminCall('PUT', `${PR}/${id}/credentials`, { api_key: KEY });
        return {
          url: `${PR}/${id}/import-models`,
          body: { models: [{ model_id: 'm-chat-1', slug: `m-imported-${n}` }] },
        };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/ai-models',
      perm: 'ai_model:create organization:read ai_model:read',
      ok: 201,
      request: async (n) => ({ url: MO, body: model(n) }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/ai-models',
      perm: 'ai_model:read organization:read',
      ok: 200,
      expect: updateHolderReads,
      request: fixed(MO),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/ai-models/{id}',
      perm: 'ai_model:read organization:read',
      ok: 200,
      expect: updateHolderReads,
      request: async () => ({ url: `${MO}/${m.ids.model}` }),
    },
    {
      method: 'PATCH',
      path: '/organizations/{org}/ai-models/{id}',
      perm: 'ai_model:update organization:read',
      ok: 200,
      request: async (n) => ({ url: `${MO}/${m.ids.model}`, body: { name: `model ${n}` } }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/ai-models/{id}',
      perm: 'ai_model:delete organization:read',
      ok: 204,
      request: async (n) => ({ url: `${MO}/${(await adminCall('POST', MO, model(1000 + n))).body.id}` }),
    },
  ],
};

/** Stops the local vendor server (called after the matrix). */
export const stopCatalog = () => vendor?.close();
