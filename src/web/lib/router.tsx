import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Params } from '@/web/lib/route-match';

/**
 * The app's client-side router: the browser's history, the current location, and links that move
 * through it without reloading the document (docs/decisions/0038). It has the names and behaviour of
 * the part of React Router the app used, which cost 13 KB of gzipped JavaScript on every page.
 *
 * - Every navigation (a link, `navigate`, Back and Forward) renders in a transition, so the current
 *   screen stays until the next one has loaded.
 * - History entries carry `{ usr, key, idx }` as React Router's did: `usr` is the state a navigation
 *   passed, `key` identifies the entry (the first entry of a document is `default`) and `idx` is its
 *   position in the tab's history.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  /** Moves through history, as Back (-1) and Forward (1) do. */
  (delta: number): void;
}

interface Router {
  location: Location;
  navigate: NavigateFunction;
  /** Starts loading what the screen at a path needs (see BrowserRouter's `prefetch`). */
  prefetch?: (pathname: string) => void;
}

interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const RouterContext = createContext<Router | null>(null);
const ParamsContext = createContext<Params>({});

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The origin paths resolve against: the document's, or a stand-in outside a browser. */
const appOrigin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** A target (absolute, or relative to the current location such as `?page=2`) as a URL. */
function resolve(to: string, from: Pick<Location, 'pathname' | 'search'>): URL {
  return new URL(to, new URL(from.pathname + from.search, appOrigin()));
}

const pathOf = (url: URL) => url.pathname + url.search + url.hash;

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A link or a location was used outside a router');
  return router;
}

const browserEntry = () => (window.history.state ?? {}) as Partial<HistoryEntry>;

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const { usr = null, key = 'default' } = browserEntry();
  return { pathname, search, hash, state: usr, key };
}

const sameLocation = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.key === b.key && a.state === b.state;

/**
 * The router of the app: the location is the browser's. `prefetch`, when given, is called with a
 * link's path when the pointer comes over the link or it takes focus, before it is followed, so the
 * next screen can start downloading then.
 */
export function BrowserRouter({ children, prefetch }: { children: ReactNode; prefetch?: (pathname: string) => void }) {
  const [location, setLocation] = useState(() => {
    // The document's first entry gets its position (0) once, so a later Back can tell it is the first.
    if (typeof browserEntry().idx !== 'number') window.history.replaceState({ ...browserEntry(), idx: 0 }, '');
    return browserLocation();
  });

  useEffect(() => {
    // Back and Forward move the location; one moved before this listened (during the first render)
    // is caught up with at once. An unchanged location keeps the rendered one: nothing renders again.
    const onPopState = () =>
      startTransition(() =>
        setLocation((rendered) => {
          const now = browserLocation();
          return sameLocation(rendered, now) ? rendered : now;
        }),
      );
    window.addEventListener('popstate', onPopState);
    onPopState();
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback((to: string | number, { replace = false, state = null }: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = resolve(to, window.location);
    const idx = (browserEntry().idx ?? 0) + (replace ? 0 : 1);
    const entry: HistoryEntry = { usr: state, key: newKey(), idx };
    if (replace) window.history.replaceState(entry, '', pathOf(url));
    else window.history.pushState(entry, '', pathOf(url));
    startTransition(() => setLocation(browserLocation()));
  }, []) as NavigateFunction;

  const router = useMemo(() => ({ location, navigate, prefetch }), [location, navigate, prefetch]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

/** A router whose history lives in memory: for rendering screens and links outside a browser (tests). */
export function MemoryRouter({ initialPath = '/', children }: { initialPath?: string; children: ReactNode }) {
  const [entries, setEntries] = useState<{ at: number; list: Location[] }>(() => {
    const url = resolve(initialPath, { pathname: '/', search: '' });
    return { at: 0, list: [{ pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' }] };
  });
  const location = entries.list[entries.at]!;

  const navigate = useCallback((to: string | number, { replace = false, state = null }: NavigateOptions = {}) => {
    startTransition(() =>
      setEntries(({ at, list }) => {
        if (typeof to === 'number') return { at: Math.min(Math.max(at + to, 0), list.length - 1), list };
        const url = resolve(to, list[at]!);
        const next = { pathname: url.pathname, search: url.search, hash: url.hash, state, key: newKey() };
        const kept = list.slice(0, replace ? at : at + 1);
        return { at: kept.length, list: [...kept, next] };
      }),
    );
  }, []) as NavigateFunction;

  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

export const useLocation = (): Location => useRouter().location;

export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** The parameters of the route being shown (`:id` in `/dashboard/forms/:id`). */
export const useParams = (): Params => useContext(ParamsContext);

/** Gives the screens below it the parameters of their route. */
export function RouteParams({ params, children }: { params: Params; children: ReactNode }) {
  return <ParamsContext value={params}>{children}</ParamsContext>;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The location's query and a setter that navigates to the same path with another one. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [location.pathname, navigate, params],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * An `<a>` whose plain left click moves within the app. A click with a modifier key (a new tab), a
 * link with a target or a download, and a link to another origin are left to the browser. A link to
 * the location already shown replaces its entry instead of adding one.
 */
export function Link({ to, replace, state, onClick, onPointerEnter, onFocus, ...anchor }: LinkProps) {
  const { location, navigate, prefetch } = useRouter();
  const url = resolve(to, location);
  const sameOrigin = url.origin === appOrigin();
  const href = sameOrigin ? pathOf(url) : to;

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.download !== undefined || !sameOrigin) return;
    event.preventDefault();
    const current = location.pathname + location.search + location.hash;
    navigate(href, { replace: replace ?? current === href, state });
  };

  const intent = () => {
    if (!sameOrigin || anchor.download !== undefined || (anchor.target && anchor.target !== '_self')) return;
    prefetch?.(url.pathname);
  };
  return (
    <a
      {...anchor}
      href={href}
      onClick={follow}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        intent();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        intent();
      }}
    />
  );
}

/** Whether a link to `target` is the current screen: the same path, or (unless `end`) a path below it. */
export function isActivePath(pathname: string, target: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const there = target.toLowerCase();
  if (here === there) return true;
  if (end || !here.startsWith(there)) return false;
  const slashAt = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  return here.charAt(slashAt) === '/';
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on the target path itself, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows whether it is the current screen: `aria-current="page"`, and a class for it. */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const { location } = useRouter();
  const isActive = isActivePath(location.pathname, resolve(link.to, location).pathname, end);
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Navigates once rendered (after the commit), as a redirect from a screen. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
