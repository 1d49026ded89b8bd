import { Suspense, use, type ReactNode } from 'react';
import { FirstFrame } from '@/web/app/first-frame';
import { ScrollRestoration } from '@/web/app/scroll-restoration';
import { SiteFooter } from '@/web/app/site-footer';
import { SiteHeader } from '@/web/app/site-header';
import { Spinner } from '@/web/components/ui/spinner';

/** Shown under the header if a screen's chunk is still loading when the app first renders. */
function ScreenLoading() {
  return (
    <div role="status" className="flex min-h-[calc(100dvh-4rem)] flex-1 items-start justify-center gap-2 py-24 text-gray-700">
      <Spinner className="size-5 text-indigo-600" />
      Loading...
    </div>
  );
}

export function RootLayout({ children }: { children: ReactNode }) {
  const firstFrame = use(FirstFrame);
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
        <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
      </main>
      {!firstFrame && (
        <>
          <SiteFooter />
          <ScrollRestoration />
        </>
      )}
    </div>
  );
}
