import { Link } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';

/** The header's Sign in, for a visitor without a session. */
export function SignInLink({ stacked = false }: { stacked?: boolean }) {
  return (
    <Button asChild variant="ghost" className={cn(stacked && 'justify-start px-3 font-medium')}>
      <Link to="/sign-in">Sign in</Link>
    </Button>
  );
}
