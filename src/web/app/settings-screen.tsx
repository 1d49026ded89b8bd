import type { ReactNode } from 'react';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { cn } from '@/web/lib/cn';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { RequireSession } from './require-session';

/**
 * The frame of a signed-in settings screen (Account, Team, Billing): its title (also the document's,
 * with the subtitle as its description), a breadcrumb back to the dashboard, and its cards below.
 */
export function SettingsScreen({
  title,
  subtitle,
  narrow = false,
  children,
}: {
  title: string;
  subtitle: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title, subtitle);
  return (
    <RequireSession>
      <div
        className={cn(
          'mx-auto flex w-full min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8',
          narrow ? 'max-w-3xl' : 'max-w-4xl',
        )}
      >
        <Breadcrumb current={title} />
        <PageHeading title={title} subtitle={subtitle} />
        {children}
      </div>
    </RequireSession>
  );
}
