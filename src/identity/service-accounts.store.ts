import {
  principalKey,
  type ClientCredentialProps,
  type ServiceAccountNode,
  type ServiceAccountProps,
} from '../kernel/identity.js';

const serviceAccountKey = (slug: string) => principalKey('service_account', slug);
import type { Queryable } from '../db/sql.js';
import { createNode, deleteNode, listNodes, nodeByKey, outNeighbors, updateNode } from '../graph/store.js';

export const findServiceAccount = (q: Queryable, slug: string) =>
  nodeByKey<ServiceAccountProps>(q, serviceAccountKey(slug).namespace, slug);

export const insertServiceAccount = (q: Queryable, props: ServiceAccountProps) =>
  createNode(q, 'ServiceAccount', props, [
    { ...serviceAccountKey(props.slug), taken: `service account ${props.slug} already exists` },
  ]);

export const patchServiceAccount = (q: Queryable, id: string, patch: Partial<ServiceAccountProps>) =>
  updateNode<ServiceAccountProps>(q, id, patch);

export const removeServiceAccount = (q: Queryable, id: string) => deleteNode(q, id, 'ServiceAccount');

export const listServiceAccounts = (q: Queryable, after: string | undefined, limit: number) =>
  listNodes<ServiceAccountProps>(q, { label: 'ServiceAccount', after, limit });

export const findCredential = (q: Queryable, clientId: string) =>
  nodeByKey<ClientCredentialProps>(q, 'ClientCredential.client_id', clientId);

export const insertCredential = (q: Queryable, props: ClientCredentialProps) =>
  createNode(q, 'ClientCredential', props, [
    {
      namespace: 'ClientCredential.client_id',
      key: props.client_id,
      taken: `client id ${props.client_id} is already in use`,
    },
  ]);

export const credentialsOf = (q: Queryable, serviceAccountId: string) =>
  outNeighbors<ClientCredentialProps>(q, serviceAccountId, 'HAS_CREDENTIAL', 'ClientCredential');

/**
 * The service account that owns a credential. Takes $1 (credential id).
 *
 * The node is read by primary key, per edge (`OFFSET 0` keeps the lookup per edge, the label tested
 * after it): as a plain join, the generic plan (test/support/plans.ts) made while graph_nodes was small
 * read every ServiceAccount node through the label index for each edge, and kept doing so as they grew.
 */
export const OWNER_OF_CREDENTIAL = `
  SELECT n.id, n.label, n.props, n.created_at, n.updated_at
    FROM graph_edges e
   CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = e.src OFFSET 0) n
   WHERE e.dst = $1 AND e.label = 'HAS_CREDENTIAL' AND n.label = 'ServiceAccount'`;

export async function ownerOfCredential(
  q: Queryable,
  credentialId: string,
): Promise<ServiceAccountNode | undefined> {
  return q.one<ServiceAccountNode & Record<string, unknown>>(OWNER_OF_CREDENTIAL, [credentialId]);
}
