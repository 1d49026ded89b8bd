import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from '@/web/app/root-layout';
import { RouteError } from '@/web/app/route-error';
import { SCREENS, type Screen, type ScreenRoute } from '@/web/app/screens';
import { Spinner } from '@/web/components/ui/spinner';

// Every screen is a chunk of its own (screens.ts), so the Home page does not download the
// dashboard's charts or the creator's forms. The first screen's chunks come with the document's
// modulepreload links and main.tsx renders once they have loaded; a later navigation keeps the
// current screen until the next one has loaded.
const screenModules = import.meta.glob<Record<string, ComponentType>>('../features/**/*-page.tsx');

function lazyScreen(route: ScreenRoute): RouteObject['lazy'] {
  const screen: Screen = SCREENS[route];
  const load = screenModules[`../${screen.module}`];
  if (!load) throw new Error(`The screen of ${route} (${screen.module}) is not a *-page.tsx under features/`);
  return async () => {
    // Same path as SCREEN_PROVIDERS_MODULE (the build checks that a chunk holds it).
    const [module, providers] = await Promise.all([load(), screen.static ? null : import('@/web/app/screen-providers')]);
    const Screen = module[screen.component];
    if (!Screen) throw new Error(`${screen.module} exports no ${screen.component}`);
    if (!providers) return { Component: Screen };
    const { ScreenProviders } = providers;
    return {
      Component: () => (
        <ScreenProviders>
          <Screen />
        </ScreenProviders>
      ),
    };
  };
}

/** Shown under the header if a screen's chunk is still loading when the app first renders. */
function ScreenLoading() {
  return (
    <div role="status" className="flex min-h-[calc(100dvh-4rem)] flex-1 items-start justify-center gap-2 py-24 text-gray-700">
      <Spinner className="size-5 text-indigo-600" />
      Loading...
    </div>
  );
}

const screenRoute = (path: ScreenRoute): RouteObject => ({
  path,
  lazy: lazyScreen(path),
  hydrateFallbackElement: <ScreenLoading />,
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // SCREENS has one entry per route of the shared table (and `*` last), checked by its type; the
    // table itself stays out of the entry chunk (its patterns bring the docs and the templates).
    children: (Object.keys(SCREENS) as ScreenRoute[]).map(screenRoute),
  },
]);

/** Resolves once the router has loaded the first screen's chunk (or failed to, which its error screen shows). */
export function firstScreenLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
