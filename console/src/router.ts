// Paths under /console, routed in the browser (Keel answers every such path with the app).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

export const BASE = '/console';
const listeners = new Set<() => void>();
addEventListener('popstate', () => listeners.forEach((fn) => fn()));

/** The page's path below /console, e.g. `/schedules/nightly`. */
export const currentPath = () => location.pathname.slice(BASE.length) || '/';

export function navigate(path: string): void {
  history.pushState(null, '', `${BASE}${path}`);
  listeners.forEach((fn) => fn());
}

export function usePath(): string {
  const [path, setPath] = useState(currentPath());
  // Listens from the render's commit (a layout effect), and catches up with a move made before it (a
  // plain effect runs after the paint, which a background tab holds back).
  useLayoutEffect(() => {
    const fn = () => setPath(currentPath());
    listeners.add(fn);
    fn();
    return () => void listeners.delete(fn);
  }, []);
  return path;
}

/** A link that routes in the browser (and still opens in a new tab on a middle or modified click). */
export function linkProps(path: string) {
  return {
    href: `${BASE}${path}`,
    onClick: (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(path);
    },
  };
}

/**
 * Once `ready` (what sits above the target has loaded, so it stays where it is), scrolls to the element
 * the address's fragment names: a link to `/organizations/acme#projects` lands on its projects.
 */
export function useScrollToFragment(ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [ready]);
}
