import type { ReactNode } from 'react';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { Skeleton } from '@/web/components/ui/skeleton';
import { FormEmailToolsCard } from '@/web/features/email-tools';
import { LeadNotificationsCard } from './lead-notifications-card';

/**
 * A page's analytics: its column and breadcrumb (`current`, the page's name once known), around its
 * content. Without content it is the screen's first frame, with the header's loading shape, which
 * the server sends before the app's code has run (app/screen-frames.tsx).
 */
export function FormAnalyticsFrame({ current = 'Form', children }: { current?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb current={current} />
      {children ?? <FormHeaderLoading />}
    </div>
  );
}

/** The page's header while it loads, its buttons included (on a phone they wrap onto lines of their own). */
export function FormHeaderLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <Skeleton className="h-8 w-64 max-w-full sm:h-9" />
        <Skeleton className="mt-2 h-5 w-80 max-w-full" />
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {['w-32', 'w-48', 'w-40', 'w-20'].map((width) => (
          <Skeleton key={width} className={`h-9 ${width}`} />
        ))}
      </div>
      <span className="sr-only">Loading the form...</span>
    </div>
  );
}

/**
 * The screen's first frame (app/screen-frames.tsx): what the screen draws first while the page
 * loads, down to the two cards drawn from the start (form-analytics-page.tsx).
 */
export function FormAnalyticsFirstFrame() {
  return (
    <FormAnalyticsFrame>
      <FormHeaderLoading />
      <LeadNotificationsCard form={undefined} />
      <FormEmailToolsCard formId="" />
    </FormAnalyticsFrame>
  );
}
