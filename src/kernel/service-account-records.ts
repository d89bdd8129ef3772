// The service-account records identity keeps, apart from the identity contract so that the auth cache
// (which keeps checked credentials) and the contract (which names the auth cache) need not import each other.
import type { GraphNode } from '../graph/store.js';

export interface ServiceAccountProps {
  slug: string;
  display_name: string;
  description: string | null;
  is_active: boolean;
  updated_by?: string;
  [k: string]: unknown;
}

export interface ClientCredentialProps {
  client_id: string;
  name: string;
  /** SHA-256 of the secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  [k: string]: unknown;
}

export type ServiceAccountNode = GraphNode<ServiceAccountProps>;
export type ClientCredentialNode = GraphNode<ClientCredentialProps>;
