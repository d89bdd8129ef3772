// Names for what the API answers by slug or id only (operations-log entries, plugin entity ends): each
// one read once per session with the person's token (a GET of that one project, environment or entity),
// never a whole list, so a page names what it shows in an organization of 100,000 projects.
import { useEffect, useState } from 'preact/hooks';
import { client, forgetOnSignOut, keptFor, must, signOutsSoFar } from './api';
import { entityName } from './pages/environments';

/** What a lookup found: a name and when its holder was created; null when there is none to read. */
type Found = { name: string; created_at: string } | null;

const known = new Map<string, Found>();
const asked = new Map<string, Promise<void>>();
forgetOnSignOut(() => {
  known.clear();
  asked.clear();
});

/** Reads each key not known yet (once per session, whoever asks), then calls `done` while `live`. */
function readAll(keys: string[], read: (key: string) => Promise<Found>, done: () => void) {
  const missing = [...new Set(keys)].filter((k) => !known.has(k));
  if (missing.length === 0) return () => {};
  let live = true;
  const reads = missing.map((k) => {
    let p = asked.get(k);
    if (!p) {
      // A slug or id the person may not read, or that names nothing now, keeps its slug or id.
      const from = signOutsSoFar();
      p = read(k).then(
        (found) => void (keptFor(from) && known.set(k, found)),
        () => void (keptFor(from) && known.set(k, null)),
      );
      asked.set(k, p);
    }
    return p;
  });
  void Promise.all(reads).then(() => live && done());
  return () => void (live = false);
}

/** Re-renders the caller once the names of `keys` are read. */
function useNames(keys: string[], read: (key: string) => Promise<Found>): (key: string) => Found {
  const [, setTick] = useState(0);
  const joined = keys.join('\n');
  useEffect(() => readAll(keys, read, () => setTick((n) => n + 1)), [joined]);
  return (key) => known.get(key) ?? null;
}

const projectKey = (org: string, slug: string) => `project ${org}/${slug}`;
const environmentKey = (slug: string) => `environment ${slug}`;

/**
 * Names of an organization's projects and of environments, by the slugs entries were recorded with:
 * the name of the one holding the slug now, unless it was created after the entry was recorded (a slug
 * taken again); else the slug itself (renamed since, gone, or not readable by this person).
 */
export function useSlugNames(org: string, entries: readonly { project: string; environment: string }[]) {
  const project = useNames(
    entries.map((e) => projectKey(org, e.project)),
    async (key) => {
      const slug = key.slice(key.indexOf('/') + 1);
      return must(
        client.GET('/organizations/{org}/projects/{project}', { params: { path: { org, project: slug } } }),
      );
    },
  );
  const environment = useNames(
    entries.map((e) => environmentKey(e.environment)),
    async (key) => {
      const slug = key.slice('environment '.length);
      return must(client.GET('/environments/{slug}', { params: { path: { slug } } }));
    },
  );
  const named = (found: Found, slug: string, recordedAt: string) =>
    found && Date.parse(found.created_at) <= Date.parse(recordedAt) ? found.name : slug;
  return {
    project: (e: { project: string; recorded_at: string }) =>
      named(project(projectKey(org, e.project)), e.project, e.recorded_at),
    environment: (e: { environment: string; recorded_at: string }) =>
      named(environment(environmentKey(e.environment)), e.environment, e.recorded_at),
  };
}

/** Names of a plugin's entities of one label, by id (their documents' names); the id while unknown. */
export function useEntityNames(plugin: string, label: string, ids: readonly string[]) {
  const key = (id: string) => `entity ${plugin}/${label}/${id}`;
  const name = useNames(ids.map(key), async (k) => {
    const id = k.slice(k.lastIndexOf('/') + 1);
    const e = await must(
      client.GET('/admin/plugins/{slug}/entities/{label}/{id}', {
        params: { path: { slug: plugin, label, id } },
      }),
    );
    return { name: entityName(e), created_at: e.created_at };
  });
  return (id: string) => name(key(id))?.name;
}
