import { AppWindow, ExternalLink, Link2, Pencil, Users } from 'lucide-react';
import { Link, useParams } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import { formMessages } from '@/domain/form-messages';
import type { FormDetail } from '@/domain/forms-api';
import { formSitePath, leadsPath } from '@/domain/app-paths';
import { RequireSession } from '@/web/app/require-session';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { FormConversionsCard } from '@/web/features/conversions';
import { FormEmailToolsCard } from '@/web/features/email-tools';
import { useFormAnalytics, useFormDetail } from '@/web/features/forms';
import { PlacementStatsCard } from '@/web/features/placements';
import { ApiError } from '@/web/lib/api';
import { copyText } from '@/web/lib/copy-text';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { AbTestCard } from './ab-test-card';
import { ActivityChart } from './activity-chart';
import { AnalyticsStats } from './analytics-stats';
import { displayName } from './format';
import { FormAnalyticsFrame, FormHeaderLoading } from './form-analytics-frame';
import { FormPaymentsCard } from './form-payments-card';
import { LeadNotificationsCard } from './lead-notifications-card';
import { LeadsTableCard } from './leads-table-card';
import { PageStateBadge } from './page-state-badge';

/** /dashboard/forms/:id — one form's numbers, its 30-day chart, its payments and its leads. Loaded lazily (recharts). */
export function FormAnalyticsPage() {
  const { id = '' } = useParams();
  return (
    <RequireSession>
      <FormAnalyticsContent key={id} id={id} />
    </RequireSession>
  );
}

function FormAnalyticsContent({ id }: { id: string }) {
  const detail = useFormDetail(id);
  const analytics = useFormAnalytics(id);
  const form = detail.data;
  const name = form ? displayName(form.name) : undefined;
  const missing = [detail.error, analytics.error].some((e) => e instanceof ApiError && e.status === 404);
  useDocumentTitle(
    name ? `${name} · Analytics` : missing ? 'Form not found' : 'Form analytics',
    name ? `Views, leads, payments and downloads of ${name}.` : 'Views, leads, payments and downloads of one landing page.',
  );

  return (
    <FormAnalyticsFrame current={name ?? (missing ? 'Not found' : 'Form')}>
      {missing ? (
        <FormNotFound />
      ) : (
        <>
          {detail.isError ? (
            <ErrorState
              title="Could not load this form"
              error={detail.error}
              onRetry={() => void detail.refetch()}
              retrying={detail.isRefetching}
            />
          ) : (
            <>
              <FormHeader form={form} />
              {/* Both drawn from the start (loading, then filled in), so that nothing below them moves. */}
              <LeadNotificationsCard form={form} />
              <FormEmailToolsCard formId={id} />
            </>
          )}
          {analytics.isError ? (
            <ErrorState
              title="Could not load the statistics"
              error={analytics.error}
              onRetry={() => void analytics.refetch()}
              retrying={analytics.isRefetching}
            />
          ) : (
            <>
              <AnalyticsStats totals={analytics.data?.totals} />
              <ActivityChart days={analytics.data?.days} />
              <FormConversionsCard conversions={analytics.data?.conversions} />
            </>
          )}
          <PlacementStatsCard formId={id} />
          <AbTestCard form={form} />
          <FormPaymentsCard formId={id} form={form} revenue={analytics.isError ? null : analytics.data?.revenue} />
          <LeadsTableCard formId={id} form={form} />
        </>
      )}
    </FormAnalyticsFrame>
  );
}

function FormHeader({ form }: { form: FormDetail | undefined }) {
  // The header's shape while it loads: when the form comes, the cards below stay where they are.
  if (!form) return <FormHeaderLoading />;
  const name = displayName(form.name);
  const published = form.published !== null;

  const copyLink = async () => {
    try {
      await copyText(form.publicUrl);
      toast.success(formMessages.linkCopied);
    } catch {
      toast.error(`Could not copy the link. Its address is ${form.publicUrl}`);
    }
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        {/* One line, as its stand-in is, whatever the name's length: the cards below never move when it comes. */}
        <div className="flex items-center gap-3">
          <h1 title={name} className="min-w-0 truncate text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            {name}
          </h1>
          <PageStateBadge form={{ status: form.status, published }} />
        </div>
        {published ? (
          <a
            href={form.publicUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex max-w-full items-center gap-1.5 rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
          >
            <span className="truncate">{form.publicUrl}</span>
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <p className="mt-2 text-sm text-gray-700">Not published yet: publish it from the editor to get its public link.</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {published && (
          <Button variant="outline" size="sm" onClick={() => void copyLink()}>
            <Link2 aria-hidden="true" />
            Copy Link
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <Link to={formSitePath(form.id)}>
            <AppWindow aria-hidden="true" />
            Put it on your site
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={leadsPath(form.id)}>
            <Users aria-hidden="true" />
            View all leads
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={`/page-creator?edit=${encodeURIComponent(form.id)}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
      </div>
    </div>
  );
}

function FormNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">This form was not found.</h1>
      <p className="text-gray-700">It may have been deleted, or it belongs to another workspace.</p>
      <Link to="/dashboard" className={buttonVariants({ className: 'mt-2' })}>
        Back to Dashboard
      </Link>
    </Card>
  );
}
