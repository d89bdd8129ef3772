// Organizations and their teams. A team belongs to one organization; users are members of teams.
import { changedFields, lifecycleEvent } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import type { TeamGrant } from '../kernel/domain.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Queryable } from '../db/sql.js';
import {
  changeKey,
  createNode,
  deleteNode,
  listNodes,
  putEdge,
  removeEdge,
  updateExisting,
} from '../graph/store.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { findUserByEmail } from '../identity/index.js';
import {
  findOrganization,
  findTeam,
  grantsOfTeamWithheldFrom,
  lockTeam,
  orgKey,
  organizationHoldsAnything,
  teamKey,
  teamMembers,
  teamOwnsProjects,
  type OrganizationNode,
  type OrganizationProps,
  type TeamNode,
  type TeamProps,
} from './store.js';
import { isoString } from '../lib/iso-string.js';

const orgRead = (o: OrganizationNode) => ({
  id: o.id,
  slug: o.props.slug,
  name: o.props.name,
  created_at: isoString(o.created_at),
  updated_at: isoString(o.updated_at),
});

const teamRead = (t: TeamNode, org: string) => ({
  id: t.id,
  slug: t.props.slug,
  name: t.props.name,
  organization: org,
  created_at: isoString(t.created_at),
  updated_at: isoString(t.updated_at),
});

/** The organization, or 404 (used by every org-scoped domain). */
export async function mustFindOrganization(q: Queryable, slug: string): Promise<OrganizationNode> {
  const org = await findOrganization(q, slug);
  if (!org) throw notFound(`organization ${slug}`);
  return org;
}

/**
 * A route under `/organizations/{org}` names an organization: that needs `organization:read`, checked
 * before the lookup (authorizeNaming), so a caller holding only the route's own permission gets 403 for
 * every slug and cannot tell existing organizations from missing ones (docs/authorization.md).
 */
export function authorizeOrganizationPath(ctx: AuthContext): void {
  authorizeNaming(ctx, 'organization:read', { pointer: '/org', in: 'params' }, 'an organization');
}

/** The organization of an org-scoped route (authorizeOrganizationPath), or 404. */
export async function organizationOfPath(ctx: AuthContext, q: Queryable, slug: string) {
  authorizeOrganizationPath(ctx);
  return mustFindOrganization(q, slug);
}

export async function mustFindTeam(q: Queryable, org: OrganizationNode, slug: string): Promise<TeamNode> {
  const team = await findTeam(q, org.id, slug);
  if (!team) throw notFound(`team ${slug}`);
  return team;
}

type Deps = Pick<Core, 'sql' | 'graphCache' | 'analytics'> & { teamGrants?: readonly TeamGrant[] };

/**
 * Adding a member to a team hands on what membership gives (restricted AI models): the caller must
 * have it already, through the permission that gives all of it or as a member of the team. Otherwise
 * a holder of team:update could add themselves to the team and see its restricted models.
 */
async function assertMayHandOn(
  ctx: AuthContext,
  q: Queryable,
  team: TeamNode,
  grants: readonly TeamGrant[],
): Promise<void> {
  const withheld = grants.filter((g) => !hasPermission(ctx, g.seesAll));
  if (withheld.length === 0) return;
  const labels = await grantsOfTeamWithheldFrom(
    q,
    team.id,
    withheld.map((g) => g.edgeLabel),
    ctx.principal.kind === 'user' ? ctx.principal.id : null,
  );
  const given = withheld.filter((g) => labels.includes(g.edgeLabel));
  if (given.length === 0) return;
  throw forbidden(
    `team ${team.props.slug} gives its members ${given.map((g) => g.what).join(' and ')}: ` +
      `adding a member needs ${given.map((g) => g.seesAll).join(' and ')} or membership of the team`,
  );
}

export function organizationsService({ sql, graphCache, analytics, teamGrants = [] }: Deps) {
  return {
    async create(ctx: AuthContext, input: { slug: string; name: string }) {
      authorize(ctx, 'organization:create');
      return sql.tx(async (tx) => {
        const org = await createNode<OrganizationProps>(
          tx,
          'Organization',
          { ...input, updated_by: attribution(ctx) },
          [{ ...orgKey(input.slug), taken: `organization ${input.slug} already exists` }],
        );
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'organization',
            action: 'created',
            id: org.id,
            slug: org.props.slug,
            organization: org.props.slug,
          }),
        );
        return orgRead(org);
      });
    },

    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, 'organization:read');
      const r = await listNodes<OrganizationProps>(sql, {
        label: 'Organization',
        after: page.after,
        limit: page.limit,
      });
      return { next: r.next, items: r.items.map(orgRead) };
    },

    async get(ctx: AuthContext, slug: string) {
      authorize(ctx, 'organization:read');
      return orgRead(await mustFindOrganization(sql, slug));
    },

    async update(
      ctx: AuthContext,
      slug: string,
      input: { name?: string | undefined; slug?: string | undefined },
    ) {
      authorize(ctx, 'organization:update');
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, slug);
        graphCache.invalidate(tx);
        if (input.slug !== undefined && input.slug !== slug)
          await changeKey(
            tx,
            org.id,
            'Organization.slug',
            input.slug,
            `organization ${input.slug} already exists`,
          );
        const patch: Partial<OrganizationProps> = { updated_by: attribution(ctx) };
        if (input.name !== undefined) patch.name = input.name;
        if (input.slug !== undefined) patch.slug = input.slug;
        const updated = await updateExisting<OrganizationProps>(tx, org.id, patch);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'organization',
            action: 'updated',
            id: org.id,
            slug: updated.props.slug,
            organization: updated.props.slug,
            details: { changed: changedFields(org.props, patch), previous_slug: slug },
          }),
        );
        return orgRead(updated);
      });
    },

    async remove(ctx: AuthContext, slug: string) {
      authorize(ctx, 'organization:delete');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, slug);
        graphCache.invalidate(tx);
        // Whether, not how many: the caller may not be allowed to read what it holds.
        if (await organizationHoldsAnything(tx, org.id)) {
          throw conflict(
            `organization ${slug} still has resources (teams, projects, AI providers or models); delete them first`,
            'not_empty',
          );
        }
        await deleteNode(tx, org.id, 'Organization');
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'organization',
            action: 'deleted',
            id: org.id,
            slug,
            organization: slug,
          }),
        );
      });
    },

    // --- teams
    async createTeam(ctx: AuthContext, orgSlug: string, input: { slug: string; name: string }) {
      authorize(ctx, 'team:create');
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const team = await createNode<TeamProps>(
          tx,
          'Team',
          { ...input, organization_id: org.id, updated_by: attribution(ctx) },
          [{ ...teamKey(org.id, input.slug), taken: `team ${input.slug} already exists in ${orgSlug}` }],
        );
        await putEdge(tx, team.id, 'BELONGS_TO', org.id);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'team',
            action: 'created',
            id: team.id,
            slug: team.props.slug,
            organization: org.props.slug,
          }),
        );
        return teamRead(team, org.props.slug);
      });
    },

    async listTeams(ctx: AuthContext, orgSlug: string, page: Page) {
      authorize(ctx, 'team:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const r = await listNodes<TeamProps>(sql, {
        label: 'Team',
        after: page.after,
        limit: page.limit,
        organization: org.id,
      });
      return { next: r.next, items: r.items.map((t) => teamRead(t, org.props.slug)) };
    },

    async getTeam(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'team:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return teamRead(await mustFindTeam(sql, org, slug), org.props.slug);
    },

    async removeTeam(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'team:delete');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const team = await mustFindTeam(tx, org, slug);
        // Locked before the count: a project that takes this team as owner holds a key-share lock on
        // its row until it commits, so the count waits for it and sees its edge. Counted first, the
        // delete would wait for that project only at the foreign key and then cascade its edge away,
        // leaving a project that names a team that no longer exists.
        await lockTeam(tx, team.id);
        // Whether, not how many: the caller may not be allowed to read the projects.
        if (await teamOwnsProjects(tx, team.id))
          throw conflict(`team ${slug} still owns projects; move or delete them first`, 'not_empty');
        await deleteNode(tx, team.id, 'Team');
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'team',
            action: 'deleted',
            id: team.id,
            slug,
            organization: org.props.slug,
          }),
        );
      });
    },

    async setMember(ctx: AuthContext, orgSlug: string, slug: string, email: string, member: boolean) {
      authorize(ctx, 'team:update');
      authorizeNaming(ctx, 'user:read', { pointer: '/email', in: 'params' }, 'a user');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const team = await mustFindTeam(tx, org, slug);
        const user = await findUserByEmail(tx, email);
        if (!user) throw notFound(`user ${email}`);
        if (member) {
          await assertMayHandOn(ctx, tx, team, teamGrants);
          await putEdge(tx, user.id, 'MEMBER_OF', team.id, { added_by: attribution(ctx) });
        } else if (!(await removeEdge(tx, user.id, 'MEMBER_OF', team.id)))
          throw notFound(`member ${email} of team ${slug}`);
        // Membership is the part of a team that changes after creation: each change is a team update.
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'team',
            action: 'updated',
            id: team.id,
            slug,
            organization: org.props.slug,
            details: { changed: ['members'], [member ? 'member_added' : 'member_removed']: user.props.email },
          }),
        );
      });
    },

    /** A team's members in user id order, read along the team's MEMBER_OF edges. */
    async listMembers(ctx: AuthContext, orgSlug: string, slug: string, page: Page) {
      authorize(ctx, 'team:read');
      // The members are users (email, display name): listing them needs user:read, as naming one does.
      authorizeNaming(ctx, 'user:read', { pointer: '/team', in: 'params' }, "a team's members");
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const team = await mustFindTeam(sql, org, slug);
      const r = await teamMembers(sql, team.id, page);
      return { next: r.next, items: r.items.map((u) => ({ email: u.email, display_name: u.display_name })) };
    },
  };
}
