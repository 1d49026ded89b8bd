import { Menu, X } from 'lucide-react';
import { lazy, Suspense, use, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from '@/web/lib/router';
import { HEADER_SCROLL_THRESHOLD_PX } from '@/domain/ui-defaults';
import { useAccountAreaWanted } from '@/web/app/account-hint';
import { FirstFrame } from '@/web/app/first-frame';
import { SignInLink } from '@/web/app/sign-in-link';
import { SiteLogo } from '@/web/app/site-logo';
import { useScrolledPast } from '@/web/app/use-scrolled-past';
import { Button } from '@/web/components/ui/button';
import { navLinkClass } from '@/web/app/nav-link-class';
import { cn } from '@/web/lib/cn';

// The account area needs the auth client (and the session it fetches): it loads beside the first
// screen instead of in the entry, and only when a session may exist (account-hint.ts); it shows
// nothing until then, as it did while the session loaded.
const AccountArea = lazy(() => import('@/web/app/account-area').then((m) => ({ default: m.AccountArea })));

/** A part of the account area once a session may exist, else what a visitor without one sees. */
function Account({ part, signedOut = null }: { part: 'links' | 'user' | 'menu'; signedOut?: ReactNode }) {
  const wanted = useAccountAreaWanted();
  // A first frame goes to signed-in documents only, and the account area is still loading then.
  if (use(FirstFrame)) return null;
  if (!wanted) return signedOut;
  return (
    <Suspense fallback={null}>
      <AccountArea part={part} />
    </Suspense>
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

        {/* From xl up: below it the signed-in links (Dashboard, Leads, Payment settings, Integrations, Privacy, Team,
            Domains, Billing) do not fit in one row, so they are in the menu. */}
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 xl:flex">
          <NavLink to="/dashboard" end className={navLinkClass}>
            Dashboard
          </NavLink>
          <Account part="links" />
          {/* Held at the right end: the owner's name coming in once the session is known moves nothing drawn. */}
          <div className="ml-auto flex items-center gap-1">
            <Account part="user" signedOut={<SignInLink />} />
            <Button asChild className="ml-1">
              <Link to="/page-creator">Create Form</Link>
            </Button>
          </div>
        </nav>

        <Button
          variant="ghost"
          size="icon"
          className="xl:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
        >
          {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
        </Button>
      </div>

      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-gray-200 px-4 pt-2 pb-4 xl:hidden">
          <div className="flex flex-col gap-1">
            <NavLink to="/dashboard" end className={navLinkClass}>
              Dashboard
            </NavLink>
            <Account part="menu" signedOut={<SignInLink stacked />} />
            <Button asChild className="mt-2">
              <Link to="/page-creator">Create Form</Link>
            </Button>
          </div>
        </nav>
      )}
    </header>
  );
}
