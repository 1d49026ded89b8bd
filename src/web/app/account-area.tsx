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

/** The session as the header shows it: unknown while it is checked, and while it could not be (the database away: 503, not a signed-out owner). */
function useHeaderSession() {
  const { data: session, isPending, error } = useSession();
  return { session, unknown: isPending || (!session && error?.status === 503) };
}

/** The owner's links, Leads to Billing: loaded after the first paint by the header, nothing for a visitor. */
function AccountLinks() {
  const { session } = useHeaderSession();
  if (!session) return null;
  // Not `end`: a lead's own page is under Leads too.
  return ACCOUNT_LINKS.map(([to, label]) => (
    <NavLink key={to} to={to} className={navLinkClass}>
      {label}
    </NavLink>
  ));
}

/** The owner's name and Sign out, or Sign in: loaded after the first paint by the header. */
function AccountUser({ stacked = false }: { stacked?: boolean }) {
  const { session, unknown } = useHeaderSession();
  const signOut = useSignOut();
  if (unknown) return null;
  if (!session) return <SignInLink stacked={stacked} />;
  return (
    <>
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
    </>
  );
}

/**
 * A part of the account area: the header's row has the owner's links apart from the name and Sign out
 * (held at its right end), the menu (below xl) all of them in a column. One component for the three,
 * so the header loads it once: the menu shows its part at once when opened.
 */
export function AccountArea({ part }: { part: 'links' | 'user' | 'menu' }) {
  if (part === 'links') return <AccountLinks />;
  if (part === 'user') return <AccountUser />;
  return (
    <div className="flex flex-col items-stretch gap-2">
      <AccountLinks />
      <AccountUser stacked />
    </div>
  );
}
