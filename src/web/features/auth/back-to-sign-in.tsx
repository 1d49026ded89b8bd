import { ArrowLeft } from 'lucide-react';
import { Link } from '@/web/lib/router';

export function BackToSignIn() {
  return (
    <Link
      to="/sign-in"
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Sign In
    </Link>
  );
}
