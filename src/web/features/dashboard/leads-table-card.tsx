import { Inbox } from 'lucide-react';
import type { FormDetail, LeadRow } from '@/domain/forms-api';
import { CHECKED_VALUE } from '@/domain/checked-value';
import { Badge } from '@/web/components/ui/badge';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormLeads } from '@/web/features/forms';
import { cn } from '@/web/lib/cn';
import { formatCount, formatDateTime } from './format';
import { EmptyTableState, PagedTableCard } from './paged-table';
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
    .map(([id, value]) => `${labels.get(id) ?? id}: ${value === CHECKED_VALUE ? 'Yes' : value}`)
    .join(' · ');

/** The form's leads, newest first, with "Load more". */
export function LeadsTableCard({ formId, form }: { formId: string; form: FormDetail | undefined }) {
  const list = useFormLeads(formId);
  const leads = list.data?.pages.flatMap((page) => page.items) ?? [];
  const labels = fieldLabels(form);

  return (
    <PagedTableCard
      title="Leads"
      list={list}
      count={leads.length}
      what="leads"
      empty={
        <EmptyTableState icon={Inbox} title="No leads yet.">
          {form && !form.published
            ? 'Publish this form and share its link: every visitor who leaves an email shows up here.'
            : 'Share the link to this page: every visitor who leaves an email shows up here.'}
        </EmptyTableState>
      }
      columns={COLUMNS}
      alignRight={(column) => column === 'Downloads'}
      minWidth="sm:min-w-[64rem]"
      skeleton={<SkeletonRows />}
    >
      {leads.map((lead) => (
        <LeadTableRow key={lead.id} lead={lead} labels={labels} />
      ))}
    </PagedTableCard>
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
