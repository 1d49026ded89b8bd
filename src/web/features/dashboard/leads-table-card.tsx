import { Inbox } from 'lucide-react';
import { useId } from 'react';
import type { FormDetail, LeadRow } from '@/domain/forms-api';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useFormLeads } from '@/web/features/forms/api';
import { cn } from '@/web/lib/cn';
import { formatCount, formatDateTime } from './format';
import { LeadPaymentSummary } from './payment-cells';
import { CELL, Empty, LABELLED, ROW, When } from './table-parts';

const COLUMNS = ['Email', 'Fields', 'Status', 'Payment', 'Consent time', 'UTM source', 'Downloads', 'Created'] as const;

/** Field id -> label, from what visitors saw (the published page), else the draft. */
function fieldLabels(form: FormDetail | undefined): Map<string, string> {
  const fields = form?.published?.fields ?? form?.draft.fields ?? [];
  return new Map(fields.map((f) => [f.id, f.label.trim() || f.id]));
}

const fieldsSummary = (lead: LeadRow, labels: Map<string, string>) =>
  Object.entries(lead.data)
    .map(([id, value]) => `${labels.get(id) ?? id}: ${value === 'yes' ? 'Yes' : value}`)
    .join(' · ');

/** The form's leads, newest first, with "Load more". */
export function LeadsTableCard({ formId, form }: { formId: string; form: FormDetail | undefined }) {
  const headingId = useId();
  const list = useFormLeads(formId);
  const leads = list.data?.pages.flatMap((page) => page.items) ?? [];
  const labels = fieldLabels(form);

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold text-gray-900">
          Leads
        </h2>
        {leads.length > 0 && (
          <p className="text-sm text-gray-600">
            Newest first · {formatCount(leads.length)} shown{list.hasNextPage ? ', more below' : ''}
          </p>
        )}
      </div>

      {list.isError && !list.data ? (
        <div className="px-4 pb-4 sm:px-6 sm:pb-6">
          <ErrorState
            title="Could not load the leads"
            error={list.error}
            onRetry={() => void list.refetch()}
            retrying={list.isRefetching}
          />
        </div>
      ) : !list.isPending && leads.length === 0 ? (
        <div className="flex flex-col items-center gap-2 border-t border-gray-200 px-4 py-12 text-center">
          <Inbox aria-hidden="true" className="size-8 text-gray-400" />
          <p className="font-medium text-gray-900">No leads yet.</p>
          <p className="max-w-md text-sm text-gray-700">
            {form && !form.published
              ? 'Publish this form and share its link: every visitor who leaves an email shows up here.'
              : 'Share the link to this page: every visitor who leaves an email shows up here.'}
          </p>
        </div>
      ) : (
        // As on the dashboard: a table from `sm` up, stacked cards below (see table-parts).
        <div
          role="region"
          aria-labelledby={headingId}
          tabIndex={0}
          className="overflow-x-auto border-t border-gray-200 focus-visible:outline-offset-[-2px]"
        >
          <table aria-labelledby={headingId} aria-busy={list.isPending} className="w-full text-sm max-sm:block sm:min-w-[64rem]">
            <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase max-sm:hidden">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      'px-4 py-3 whitespace-nowrap lg:first:pl-6 lg:last:pr-6',
                      column === 'Downloads' && 'text-right',
                    )}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 max-sm:block">
              {list.isPending ? (
                <SkeletonRows />
              ) : (
                leads.map((lead) => <LeadTableRow key={lead.id} lead={lead} labels={labels} />)
              )}
            </tbody>
          </table>
        </div>
      )}

      {list.hasNextPage && (
        <div className="flex flex-col items-center gap-2 border-t border-gray-200 p-4">
          {list.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              Could not load more leads. {list.error?.message}
            </p>
          )}
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage && <Spinner />}
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </Card>
  );
}

function LeadTableRow({ lead, labels }: { lead: LeadRow; labels: Map<string, string> }) {
  const fields = fieldsSummary(lead, labels);
  const verified = lead.status === 'verified';
  return (
    <tr className={ROW}>
      <th
        scope="row"
        className="px-4 py-3 text-left align-top font-medium text-gray-900 max-sm:col-span-2 max-sm:block max-sm:p-0 lg:pl-6"
      >
        <span className="block break-all sm:max-w-[14rem] sm:truncate sm:break-normal" title={lead.email}>
          {lead.email}
        </span>
      </th>
      <td data-label="Fields" className={cn(CELL, LABELLED, 'max-sm:col-span-2')}>
        {fields ? (
          <span className="block break-words sm:max-w-[14rem] sm:truncate" title={fields}>
            {fields}
          </span>
        ) : (
          <Empty />
        )}
      </td>
      <td data-label="Status" className={cn(CELL, LABELLED)}>
        <Badge
          variant={verified ? 'success' : 'warning'}
          title={verified && lead.verifiedAt ? `Confirmed ${formatDateTime(lead.verifiedAt)}` : undefined}
        >
          {verified ? 'Confirmed' : 'Pending'}
        </Badge>
      </td>
      <td data-label="Payment" className={cn(CELL, LABELLED)}>
        {lead.payment ? <LeadPaymentSummary payment={lead.payment} /> : <Empty />}
      </td>
      <td data-label="Consent time" className={cn(CELL, LABELLED)}>
        {lead.consentGivenAt ? <When iso={lead.consentGivenAt} /> : <Empty />}
      </td>
      <td data-label="UTM source" className={cn(CELL, LABELLED)}>
        {lead.utmSource ? <span className="break-all">{lead.utmSource}</span> : <Empty />}
      </td>
      <td data-label="Downloads" className={cn(CELL, LABELLED, 'tabular-nums sm:text-right')}>
        {formatCount(lead.downloads)}
      </td>
      <td data-label="Created" className={cn(CELL, LABELLED, 'lg:pr-6')}>
        <When iso={lead.createdAt} />
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, i) => (
    <tr key={i} className={ROW}>
      <td className={cn(CELL, 'max-sm:col-span-2')}>
        <Skeleton className="h-4 w-44" />
        {i === 0 && <span className="sr-only">Loading leads...</span>}
      </td>
      {Array.from({ length: COLUMNS.length - 1 }, (_, j) => (
        <td key={j} className={cn(CELL, j >= 2 && 'max-sm:hidden')}>
          <Skeleton className="h-4 w-16" />
        </td>
      ))}
    </tr>
  ));
}
