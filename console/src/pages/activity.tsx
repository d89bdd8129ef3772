// An activity event's sentence ("admin@acme.test created project checkout-api") with the project it names
// as a link to the project's page, named as people call it where the page knows the name.
import type { Item } from '../api';
import { linkProps } from '../router';

export type ActivityEvent = Item<'/organizations/{org}/events'>;

/** Where the sentence names the event's project ("project <slug>"): the slug's start, or -1. */
export function projectMention(summary: string, project: string): number {
  const slug = project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(^|[^\\w-])project ${slug}(?![\\w-])`).exec(summary);
  return found ? found.index + found[1]!.length + 'project '.length : -1;
}

/**
 * Projects whose newest event in `events` (newest first) is their deletion: their pages are gone, so
 * their sentences name them without a link.
 */
export function deletedProjects(events: readonly ActivityEvent[]): Set<string> {
  const seen = new Set<string>();
  const gone = new Set<string>();
  for (const e of events) {
    if (!e.project || !e.type.startsWith('project.') || seen.has(e.project)) continue;
    seen.add(e.project);
    if (e.type === 'project.deleted') gone.add(e.project);
  }
  return gone;
}

/**
 * The event's sentence, its project a link to the project's page (`link`: false on that page itself, or
 * when the project is gone), by `name` when the page has it, else by its slug.
 */
export function EventSummary(props: { event: ActivityEvent; name?: string | undefined; link: boolean }) {
  const { summary, project, organization } = props.event;
  const at = project ? projectMention(summary, project) : -1;
  if (!project || at < 0) return <>{summary}</>;
  const label = props.name ?? project;
  return (
    <>
      {summary.slice(0, at)}
      {props.link ? (
        <a {...linkProps(`/organizations/${organization}/projects/${encodeURIComponent(project)}`)}>
          {label}
        </a>
      ) : (
        label
      )}
      {summary.slice(at + project.length)}
    </>
  );
}
