import { use, type ComponentType, type ReactElement } from 'react';
import { RootLayout } from '@/web/app/root-layout';
import { SCREENS, type Screen, type ScreenRoute } from '@/web/app/screens';
import { routeMatcher } from '@/web/lib/route-match';
import { RouteParams, useLocation } from '@/web/lib/router';

// Every screen is a chunk of its own (screens.ts), so the Home page does not download the
// dashboard's charts or the creator's forms. The first screen's chunks come with the document's
// modulepreload links and main.tsx renders once they have loaded. Navigations run in a transition
// (BrowserRouter's default), so a later navigation keeps the current screen until the next one
// has loaded. The router is the app's own (lib/router.tsx, docs/decisions/0038).
const screenModules = import.meta.glob<Record<string, ComponentType>>('../features/**/*-page.tsx');

/** A promise React's `use` reads at once when it has settled (the status fields React itself sets). */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loads = new Map<ScreenRoute, Tracked<ReactElement>>();

/** The screen of a route with its providers, loaded once; later calls return the same promise. */
export function loadScreen(route: ScreenRoute): Promise<ReactElement> {
  let promise = loads.get(route);
  if (!promise) {
    promise = importScreen(route) as Tracked<ReactElement>;
    const tracked = promise;
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
        loads.delete(route); // the next visit tries again
      },
    );
    loads.set(route, promise);
  }
  return promise;
}

async function importScreen(route: ScreenRoute): Promise<ReactElement> {
  const screen: Screen = SCREENS[route];
  const load = screenModules[`../${screen.module}`];
  if (!load) throw new Error(`The screen of ${route} (${screen.module}) is not a *-page.tsx under features/`);
  // Same path as SCREEN_PROVIDERS_MODULE (the build checks that a chunk holds it).
  const [module, providers] = await Promise.all([load(), screen.static ? null : import('@/web/app/screen-providers')]);
  const Screen = module[screen.component];
  if (!Screen) throw new Error(`${screen.module} exports no ${screen.component}`);
  if (!providers) return <Screen />;
  const { ScreenProviders } = providers;
  return (
    <ScreenProviders>
      <Screen />
    </ScreenProviders>
  );
}

/**
 * Starts loading the screen at a path when a link to it is pointed at or focused. The build leaves
 * the screens' dependency lists out of the entry (vite.config.ts), so this is what lets a screen's
 * chunk and its imports download before the click instead of one after the other after it.
 */
export function prefetchScreen(pathname: string): void {
  loadScreen(routeAt(pathname)).catch(() => undefined); // a failure shows when the link is followed
}

/** Suspends until the route's screen has loaded (an error goes to the app's error boundary). */
function LazyScreen({ route }: { route: ScreenRoute }) {
  return use(loadScreen(route));
}

const matchScreen = routeMatcher(Object.keys(SCREENS).filter((route) => route !== '*') as ScreenRoute[]);

/** The route the router shows at a path (`*` when no other matches), with its parameters. */
function screenAt(pathname: string) {
  return matchScreen(pathname) ?? { pattern: '*' as const, params: {} };
}

/** The route the router shows at a path (`*` when no other matches). */
export const routeAt = (pathname: string): ScreenRoute => screenAt(pathname).pattern;

export function AppRoutes() {
  const { pattern, params } = screenAt(useLocation().pathname);
  // One tree for every route (as React Router rendered them): a screen's component changes, the
  // layout and the providers around it stay.
  return (
    <RootLayout>
      <RouteParams params={params}>
        <LazyScreen route={pattern} />
      </RouteParams>
    </RootLayout>
  );
}
