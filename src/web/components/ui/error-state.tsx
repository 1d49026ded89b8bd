import { CircleAlert, RotateCw } from 'lucide-react';
import { Link, useLocation } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';
import { ApiError, isServiceUnavailable } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { signInPathFor } from '@/web/lib/safe-redirect';

type ErrorStateProps = {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
};

export const UNAVAILABLE_TITLE = 'Lodestone is temporarily unavailable';
export const UNAVAILABLE_TEXT = 'Your work is safe. Please try again in a moment.';

/**
 * A failed query, announced, with a way out: "Try again", or "Sign in again" when the session has
 * ended (the API answered 401). While the database is away (503) it says so instead of naming what
 * failed to load: a wait, with the owner's work safe, not a fault.
 */
export function ErrorState({ title, error, onRetry, retrying = false, className }: ErrorStateProps) {
  const location = useLocation();
  const signedOut = error instanceof ApiError && error.status === 401;
  const unavailable = isServiceUnavailable(error);
  const heading = unavailable ? UNAVAILABLE_TITLE : title;
  const message = signedOut
    ? 'Your session has ended. Please sign in again.'
    : unavailable
      ? UNAVAILABLE_TEXT
      : error instanceof Error
        ? error.message
        : 'Something went wrong. Please try again.';

  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center',
        unavailable ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-red-200 bg-red-50 text-red-800',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{heading}</p>
        <p className="mt-0.5 break-words">{message}</p>
      </div>
      {signedOut ? (
        <Button asChild variant="outline" size="sm">
          <Link to={signInPathFor(location.pathname + location.search)}>Sign in again</Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw className={cn(retrying && 'animate-spin')} />
          Try again
        </Button>
      )}
    </div>
  );
}
