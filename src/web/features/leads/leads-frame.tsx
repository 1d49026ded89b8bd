import type { ReactNode } from 'react';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';

/**
 * The leads list's column and heading, around its content. Without content it is the screen's
 * first frame, which the server sends before the app's code has run (app/screen-frames.tsx).
 */
export function LeadsFrame({ children }: { children?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb current="Leads" />
      <PageHeading title="Leads" subtitle="Everyone who signed up on any of your pages, newest first." />
      {children}
    </div>
  );
}
