import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@/web/lib/router';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useSession } from '@/web/lib/session';
import { signInPathFor } from '@/web/lib/safe-redirect';

/**
 * Renders its children only for a signed-in owner; anyone else is sent to sign in and back. A
 * session that could not be checked because the database is away (503) is not a signed-out owner:
 * they are told to try again in a moment instead.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: session, isPending, isRefetching, error, refetch } = useSession();
  const location = useLocation();

  if (isPending) {
    // A screen's height (below the fixed header), so the footer stays below the fold until the screen
    // replaces this: the content that follows does not push it down in view (a layout shift).
    return (
      <div role="status" className="flex min-h-[calc(100dvh-4rem)] flex-1 items-start justify-center gap-2 py-24 text-gray-700">
        <Spinner className="size-5 text-indigo-600" />
        Loading...
      </div>
    );
  }
  if (!session && error?.status === 503) {
    const unavailable = new ApiError(503, 'SERVICE_UNAVAILABLE', error.message);
    return (
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-24">
        <ErrorState title="" error={unavailable} onRetry={() => void refetch()} retrying={isRefetching} />
      </div>
    );
  }
  if (!session) {
    // A screen being left (the address is already another's, whose screen is still loading) sends
    // nobody to sign in: signing out leaves first, and its session may end before the next screen
    // shows, which would otherwise replace that navigation with this one.
    if (window.location.pathname + window.location.search !== location.pathname + location.search) return null;
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
