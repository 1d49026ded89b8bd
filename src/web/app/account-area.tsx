import { LogOut } from 'lucide-react';
import { NavLink, useNavigate } from '@/web/lib/router';
import { navLinkClass } from '@/web/app/nav-link-class';
import { SignInLink } from '@/web/app/sign-in-link';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { signOut as endSession, useSession } from '@/web/lib/session';
import { toast } from '@/web/lib/toast';

function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    // Leave first: a screen that needs a session would otherwise see it end and send the owner to
    // sign in again (and back to it) before this navigation ran.
    navigate('/');
    try {
      const error = await endSession();
      if (error) throw new Error(error.message);
    } catch {
      toast.error('Could not sign out. Please try again.');
    }
  };
}

const ACCOUNT_LINKS = [
  ['/dashboard/leads', 'Leads'],
  ['/settings/payments', 'Payment settings'],
  ['/settings/integrations', 'Integrations'],
  ['/dashboard/privacy', 'Privacy'],
  ['/settings/team', 'Team'],
  ['/settings/domains', 'Domains'],
  ['/settings/billing', 'Billing'],
] as const;

/** The owner's links and sign-out, or Sign in: loaded after the first paint by the header. */
export function AccountArea({ stacked = false }: { stacked?: boolean }) {
  const { data: session, isPending, error } = useSession();
  const signOut = useSignOut();

  // A session that could not be checked (the database away: 503) is not a signed-out owner.
  if (isPending || (!session && error?.status === 503)) return null;
  if (!session) return <SignInLink stacked={stacked} />;
  return (
    <div className={cn('flex', stacked ? 'flex-col items-stretch gap-2' : 'items-center gap-1')}>
      {/* Not `end`: a lead's own page is under Leads too. */}
      {ACCOUNT_LINKS.map(([to, label]) => (
        <NavLink key={to} to={to} className={navLinkClass}>
          {label}
        </NavLink>
      ))}
      <NavLink
        to="/settings/account"
        title={`${session.user.email}: account settings`}
        // The header's row (from xl up) has room for a short name: a longer one is cut short there, not in the menu.
        className={(state) => cn(navLinkClass(state), 'truncate', stacked ? 'px-3 py-2' : 'max-w-32 2xl:max-w-40')}
      >
        {session.user.name}
      </NavLink>
      <Button variant="outline" size="sm" onClick={() => void signOut()} className={cn(stacked && 'justify-start px-3')}>
        <LogOut />
        Sign out
      </Button>
    </div>
  );
}
