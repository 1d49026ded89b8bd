import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import { PageHeading } from '@/web/components/page-heading';
import { Button } from '@/web/components/ui/button';

/**
 * The dashboard's column and heading, around its content. Without content it is the dashboard's
 * first frame, which the server sends before the app's code has run (app/screen-frames.tsx).
 */
export function DashboardFrame({ children }: { children?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeading
        title="Dashboard"
        subtitle="Manage your forms and track conversions"
        actions={
          <Button asChild variant="outline" className="self-start sm:self-auto">
            <Link to="/settings/payments">
              <CreditCard aria-hidden="true" />
              Payment settings
            </Link>
          </Button>
        }
      />
      {children}
    </div>
  );
}
