import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '@/web/app/site-footer';
import { SiteHeader } from '@/web/app/site-header';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* pt-16 keeps content clear of the fixed header (h-16). */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col pt-16 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
