import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstFrame } from '@/web/app/first-frame';
import { RootLayout } from '@/web/app/root-layout';
import type { ScreenRoute } from '@/web/app/screens';
import { DashboardFrame } from '@/web/features/dashboard/dashboard-frame';
import { FormAnalyticsFirstFrame } from '@/web/features/dashboard/form-analytics-frame';
import { LeadsFrame } from '@/web/features/leads/leads-frame';
import { MemoryRouter } from '@/web/lib/router';

/**
 * The owner screens whose first frame the server sends: the header and the screen's head (its
 * column and heading, the component the screen itself renders around its content), drawn at build
 * time. A signed-in owner's document carries it in #root, so the heading shows once the HTML and
 * the CSS are in, not after the screen's 120 KB of JavaScript has run; the app's first render then
 * replaces it with the same header and heading in the same place (main.tsx waits for the session,
 * so that render is the screen's, not a spinner). Only what is the same for every owner: a page's
 * analytics, whose heading is the page's name, sends its breadcrumb and its heading's loading shape.
 * Loaded by the build (vite.config.ts), never by the browser.
 */
const FRAMES: Partial<Record<ScreenRoute, ReactElement>> = {
  '/dashboard': <DashboardFrame />,
  '/dashboard/leads': <LeadsFrame />,
  '/dashboard/forms/:id': <FormAnalyticsFirstFrame />,
};

/** Each framed route's first frame, as the HTML that goes inside #root. */
export function renderScreenFrames(): Record<string, string> {
  // The cards of a page's analytics ask for their data: nothing is fetched here, and the queries
  // they leave (with their timers, which would keep the build running) go with the client.
  const queries = new QueryClient();
  try {
    return Object.fromEntries(
      Object.entries(FRAMES).map(([route, head]) => [
        route,
        renderToStaticMarkup(
          <FirstFrame value>
            <QueryClientProvider client={queries}>
              <MemoryRouter initialPath={route}>
                <RootLayout>{head}</RootLayout>
              </MemoryRouter>
            </QueryClientProvider>
          </FirstFrame>,
        ),
      ]),
    );
  } finally {
    queries.clear();
  }
}
