// Consents (docs/delegation.md): self-service for users; a consent is read by its owner, an admin or
// a service account holding auth:delegate, and revoked by its owner or an admin; others get 404.
import { userToken } from '../fixtures.js';
import { m, type RouteGroup, type Who } from './table.js';

const OWNER = 'consent-owner@matrix.test';
/** A fresh consent of another user, so that nobody in the matrix but the admin owns or may read it. */
let ownerToken = '';
const othersConsent = async () => {
  const res = await m.app.call('POST', '/consents', { token: ownerToken });
  if (res.status !== 201) throw new Error(`consent: ${res.status} ${res.text}`);
  return res.body.id as string;
};
/** Everyone but the admin: the consent is not theirs. */
const notTheirs: Partial<Record<Who, number>> = {
  'user without roles': 404,
  'user with CAN_ACCESS': 404,
  'delegated token': 404,
  'service account with a CAN_ACCESS edge': 404,
};

export const delegation: RouteGroup = {
  name: 'delegation',
  setup: async () => {
    ownerToken = await userToken(m.app, OWNER);
  },
  routes: [
    {
      method: 'POST',
      path: '/consents',
      perm: 'authenticated',
      ok: 201,
      // Users consent for themselves; a service account's token or a delegated token is 403.
      expect: { 'service account with a CAN_ACCESS edge': 403, 'delegated token': 403 },
      request: async () => ({ url: '/consents', body: {} }),
    },
    {
      method: 'GET',
      path: '/consents',
      perm: 'authenticated',
      ok: 200,
      expect: {
        'service account with a CAN_ACCESS edge': 403,
        // Users see their own consents only, never the other user's.
        'user without roles': {
          status: 200,
          body: (b) => {
            for (const c of b as { user_email: string }[])
              if (c.user_email !== 'none@matrix.test') throw new Error(`saw ${c.user_email}`);
          },
        },
      },
      request: async () => ({ url: '/consents' }),
    },
    {
      method: 'GET',
      path: '/consents/{id}',
      perm: 'authenticated',
      ok: 200,
      expect: notTheirs,
      request: async () => ({ url: `/consents/${await othersConsent()}` }),
    },
    {
      method: 'DELETE',
      path: '/consents/{id}',
      perm: 'authenticated',
      ok: 204,
      expect: notTheirs,
      request: async () => ({ url: `/consents/${await othersConsent()}` }),
    },
  ],
};
