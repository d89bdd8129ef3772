import { principalKey, type UserNode, type UserProps } from '../kernel/identity.js';
import type { Queryable } from '../db/sql.js';
import {
  createNode,
  deleteNode,
  getNode,
  lockNode,
  listNodes,
  nodeByKey,
  updateNode,
  type ListQuery,
} from '../graph/store.js';

/** Emails are unique case-insensitively. */
export const userKey = (email: string) => principalKey('user', email);

export const findUserByEmail = (q: Queryable, email: string) =>
  nodeByKey<UserProps>(q, userKey(email).namespace, userKey(email).key);

export const findUserById = (q: Queryable, id: string) => getNode<UserProps>(q, id, 'User');

export const insertUser = (q: Queryable, props: UserProps) =>
  createNode(q, 'User', props, [
    { ...userKey(props.email), taken: `a user with email ${props.email} already exists` },
  ]);

export const patchUser = (q: Queryable, id: string, patch: Partial<UserProps>) =>
  updateNode<UserProps>(q, id, patch);

export const removeUser = (q: Queryable, id: string) => deleteNode(q, id, 'User');

export const listUsers = (q: Queryable, page: Omit<ListQuery, 'label'>) =>
  listNodes<UserProps>(q, { ...page, label: 'User' });

/**
 * The user, its row locked against credential changes until the transaction ends. Sign-ins and
 * refreshes take it FOR SHARE (they run side by side); a change to the password or status takes it
 * FOR UPDATE, so it waits for every sign-in already issuing tokens and they wait for it.
 */
export async function lockUser(
  q: Queryable,
  id: string,
  mode: 'FOR SHARE' | 'FOR UPDATE',
): Promise<UserNode | undefined> {
  const node = await lockNode<UserProps>(q, id, mode);
  return node?.label === 'User' ? node : undefined;
}
