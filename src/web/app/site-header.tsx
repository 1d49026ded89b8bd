import { LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { HEADER_SCROLL_THRESHOLD_PX } from '@/domain/ui-defaults';
import { SiteLogo } from '@/web/app/site-logo';
import { useScrolledPast } from '@/web/app/use-scrolled-past';
import { Button } from '@/web/components/ui/button';
import { authClient } from '@/web/lib/auth-client';
import { cn } from '@/web/lib/cn';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:text-indigo-700',
    isActive ? 'text-indigo-700' : 'text-gray-700',
  );

function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    // Leave first: a screen that needs a session would otherwise see it end and send the owner to
    // sign in again (and back to it) before this navigation ran.
    navigate('/');
    try {
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message);
    } catch {
      toast.error('Could not sign out. Please try again.');
    }
  };
}

function AccountArea({ stacked = false }: { stacked?: boolean }) {
  const { data: session, isPending } = authClient.useSession();
  const signOut = useSignOut();

  if (isPending) return null;
  if (!session) {
    return (
      <Button asChild variant="ghost" className={cn(stacked && 'justify-start px-3 font-medium')}>
        <Link to="/sign-in">Sign in</Link>
      </Button>
    );
  }
  return (
    <div className={cn('flex gap-2', stacked ? 'flex-col items-stretch' : 'items-center')}>
      {/* Not `end`: a lead's own page is under Leads too. */}
      <NavLink to="/dashboard/leads" className={navLinkClass}>
        Leads
      </NavLink>
      <NavLink to="/settings/payments" className={navLinkClass}>
        Payment settings
      </NavLink>
      <NavLink to="/settings/integrations" className={navLinkClass}>
        Integrations
      </NavLink>
      <NavLink to="/dashboard/privacy" className={navLinkClass}>
        Privacy
      </NavLink>
      <span
        title={session.user.email}
        // Between lg and xl the row has no room for the name as well: it shows in the mobile menu and from xl up.
        className={cn('truncate text-sm font-medium text-gray-800', stacked ? 'px-3 py-2' : 'max-w-40 max-xl:hidden')}
      >
        {session.user.name}
      </span>
      <Button variant="outline" size="sm" onClick={() => void signOut()} className={cn(stacked && 'justify-start px-3')}>
        <LogOut />
        Sign out
      </Button>
    </div>
  );
}

export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const location = useLocation();
  // The menu belongs to the location it was opened at, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-50 transition-[background-color,box-shadow] duration-200',
        menuOpen ? 'bg-white shadow-md' : scrolled ? 'bg-white/80 shadow-md backdrop-blur-md' : 'bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SiteLogo />

        {/* From lg up: below it the signed-in links (Dashboard, Leads, Payment settings, Privacy) do not fit in one row. */}
        <nav aria-label="Main" className="hidden items-center gap-2 lg:flex">
          <NavLink to="/dashboard" end className={navLinkClass}>
            Dashboard
          </NavLink>
          <AccountArea />
          <Button asChild>
            <Link to="/page-creator">Create Form</Link>
          </Button>
        </nav>

        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
        >
          {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
        </Button>
      </div>

      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-gray-200 px-4 pt-2 pb-4 lg:hidden">
          <div className="flex flex-col gap-1">
            <NavLink to="/dashboard" end className={navLinkClass}>
              Dashboard
            </NavLink>
            <AccountArea stacked />
            <Button asChild className="mt-2">
              <Link to="/page-creator">Create Form</Link>
            </Button>
          </div>
        </nav>
      )}
    </header>
  );
}
