// Administration of webhooks: where integrations deliver events, each with a write-only signing
// secret sealed with KEEL_AUTH_ENCRYPTION_KEY. Reads say whether a secret is stored, never what it is.
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Queryable } from '../db/sql.js';
import { invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { looksLikeMask } from '../oauth/service.js';
import { canOnProject } from '../projects/service.js';
import { findProjectBySlugs } from '../projects/index.js';
import { SENDER_HEADERS, secretProblem, type HeaderDoc, type Sender } from './senders.js';
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  replaceWebhook,
  senderOf,
  type WebhookProps,
  type WebhookRow,
} from './store.js';

export const WEBHOOKS_READ = 'webhooks:read';
export const WEBHOOKS_WRITE = 'webhooks:write';

export interface WebhookRead {
  id: string;
  slug: string;
  integration: string;
  /** Left out for a caller that may not read the linked project; null when there is none. */
  project?: string | null;
  has_secret: boolean;
  sender: Sender;
  delivery_url: string;
  /** What the sender must send with each delivery to delivery_url. */
  delivery_headers: HeaderDoc[];
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookWrite {
  slug?: string | undefined;
  integration?: string | undefined;
  /** Write-only. */
  secret?: string | undefined;
  sender?: Sender | undefined;
  /** `<organization>/<project>`; null removes the link. */
  project?: string | null | undefined;
}

/** Where an integration sends a webhook's deliveries. */
export const deliveryPath = (integration: string, slug: string) => `/webhooks/${integration}/${slug}`;

/**
 * The project a webhook write links. Naming one needs `project:read`, checked before the lookup (403
 * for any value, existing or not), so a `webhooks:write` holder that may not read projects cannot tell
 * their slugs apart; `null` (unlinking) names none.
 */
async function projectIdOf(
  q: Queryable,
  ctx: AuthContext,
  ref: string | null | undefined,
): Promise<string | null | undefined> {
  if (ref === undefined || ref === null) return ref;
  authorizeNaming(ctx, 'project:read', { pointer: '/project', in: 'body' }, 'a project');
  const [org, project] = ref.split('/');
  const found = org && project ? await findProjectBySlugs(q, org, project) : undefined;
  if (!found)
    throw invalid('/project', `no project ${ref} (write it as <organization>/<project>)`, 'unknown_project');
  return found.project.id;
}

function checkSecret(secret: string | undefined): void {
  if (secret !== undefined && looksLikeMask(secret))
    throw invalid('/secret', 'looks like a masked value; send the real secret, or leave the field out');
}

/** A secret the sender can sign with (Standard Webhooks: `whsec_` and base64), or 422 at `pointer`. */
function checkSecretFits(sender: Sender, secret: string, pointer: '/secret' | '/sender'): void {
  const problem = secretProblem(sender, secret);
  if (problem === undefined) return;
  throw invalid(
    pointer,
    pointer === '/secret'
      ? `must be ${problem}`
      : `the stored secret does not fit sender ${sender}: give a new secret too, ${problem}`,
  );
}

type Deps = Pick<Core, 'sql' | 'secrets' | 'settings'>;

export function webhooksService({ sql, secrets, settings }: Deps) {
  /**
   * A webhook as its caller may see it: the linked project only to a caller that may read that project
   * (global project:read, or a user's CAN_ACCESS read on it), so webhooks:read is no window onto
   * projects (docs/authorization.md). An unlinked webhook shows null to anyone.
   */
  const read = async (q: Queryable, ctx: AuthContext, w: WebhookRow): Promise<WebhookRead> => {
    const shown =
      w.project_id === null
        ? { project: null }
        : (await canOnProject(q, ctx, { id: w.project_id }, 'read'))
          ? { project: `${w.org_slug}/${w.project_slug}` }
          : {};
    return {
      id: w.id,
      slug: w.props.slug,
      integration: w.props.integration,
      ...shown,
      has_secret: typeof w.props.secret_encrypted === 'string' && w.props.secret_encrypted !== '',
      sender: senderOf(w.props),
      delivery_url: `${settings.publicUrl}${deliveryPath(w.props.integration, w.props.slug)}`,
      delivery_headers: SENDER_HEADERS[senderOf(w.props)],
      updated_by: w.props.updated_by ?? null,
      created_at: new Date(w.created_at).toISOString(),
      updated_at: new Date(w.updated_at).toISOString(),
    };
  };
  async function mustFind(q: Queryable, slug: string): Promise<WebhookRow> {
    const w = await findWebhook(q, slug);
    if (!w) throw notFound(`webhook ${slug}`);
    return w;
  }

  return {
    async create(
      ctx: AuthContext,
      input: {
        slug: string;
        integration: string;
        secret: string;
        sender?: Sender | undefined;
        project?: string | null | undefined;
      },
    ): Promise<WebhookRead> {
      authorize(ctx, WEBHOOKS_WRITE);
      checkSecret(input.secret);
      const sender = input.sender ?? 'keel';
      checkSecretFits(sender, input.secret, '/secret');
      // Seal before touching the database: without the key this throws and nothing is stored.
      const sealed = secrets.authBox().seal(input.secret);
      return sql.tx(async (tx) => {
        const projectId = await projectIdOf(tx, ctx, input.project);
        const props: WebhookProps = {
          slug: input.slug,
          integration: input.integration,
          secret_encrypted: sealed,
          sender,
          updated_by: attribution(ctx),
        };
        await insertWebhook(tx, props, projectId ?? null);
        return read(tx, ctx, await mustFind(tx, input.slug));
      });
    },

    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, WEBHOOKS_READ);
      const r = await listWebhooks(sql, page);
      return { next: r.next, items: await Promise.all(r.items.map((w) => read(sql, ctx, w))) };
    },

    async get(ctx: AuthContext, slug: string): Promise<WebhookRead> {
      authorize(ctx, WEBHOOKS_READ);
      return read(sql, ctx, await mustFind(sql, slug));
    },

    /** The webhook as changed, or undefined for a caller who may change webhooks but not read them. */
    async update(ctx: AuthContext, slug: string, input: WebhookWrite): Promise<WebhookRead | undefined> {
      authorize(ctx, WEBHOOKS_WRITE);
      checkSecret(input.secret);
      const sealed = input.secret === undefined ? undefined : secrets.authBox().seal(input.secret);
      return sql.tx(async (tx) => {
        const before = await mustFind(tx, slug);
        const sender = input.sender ?? senderOf(before.props);
        if (input.secret !== undefined) checkSecretFits(sender, input.secret, '/secret');
        else if (sender !== senderOf(before.props))
          checkSecretFits(sender, secrets.authBox().open(before.props.secret_encrypted), '/sender');
        const projectId = await projectIdOf(tx, ctx, input.project);
        const props: WebhookProps = {
          ...before.props,
          slug: input.slug ?? before.props.slug,
          integration: input.integration ?? before.props.integration,
          secret_encrypted: sealed ?? before.props.secret_encrypted,
          sender,
          updated_by: attribution(ctx),
        };
        await replaceWebhook(tx, before, props, projectId);
        if (!hasPermission(ctx, WEBHOOKS_READ)) return undefined;
        return read(tx, ctx, await mustFind(tx, props.slug));
      });
    },

    async remove(ctx: AuthContext, slug: string): Promise<void> {
      authorize(ctx, WEBHOOKS_WRITE);
      await sql.tx(async (tx) => {
        const w = await mustFind(tx, slug);
        await deleteWebhook(tx, w.id);
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
