import { Link } from '@/web/lib/router';
import type { LeadFieldColumn, LeadRow } from '@/domain/forms-api';
import { leadPath } from '@/domain/app-paths';
import { CHECKED_VALUE } from '@/domain/checked-value';
import { Skeleton } from '@/web/components/ui/skeleton';
import { CELL, displayName, Empty, LABELLED, ROW, ScrollingTable, TableHead, When } from '@/web/features/dashboard';
import { cn } from '@/web/lib/cn';
import type { LeadDetailState } from './lead-detail-state';
import { LeadStatusBadges } from './lead-status';

const LEADING = ['Email', 'Page', 'Status'];
const TRAILING = ['UTM source', 'UTM medium', 'UTM campaign', 'Placement', 'Created', 'Confirmed'];

export const answerText = (value: string) => (value === CHECKED_VALUE ? 'Yes' : value);

type LeadsTableProps = {
  labelledBy: string;
  busy: boolean;
  fields: LeadFieldColumn[];
  leads: LeadRow[];
  /** The list's query string, so the detail can link back to the same filtered list. */
  listSearch: string;
};

/** One row per lead, one column per answer label; scrolls sideways inside its card, stacked cards below `sm`. */
export function LeadsTable({ labelledBy, busy, fields, leads, listSearch }: LeadsTableProps) {
  const columns = [...LEADING, ...fields.map((f) => f.label), ...TRAILING];
  return (
    <ScrollingTable
      labelledBy={labelledBy}
      busy={busy}
      className="sm:w-max sm:min-w-full"
      head={<TableHead columns={columns} alignRight={() => false} />}
    >
      {leads.map((lead) => (
        <LeadTableRow key={lead.id} lead={lead} fields={fields} listSearch={listSearch} />
      ))}
    </ScrollingTable>
  );
}

function Text({ value, wide = false }: { value: string | null | undefined; wide?: boolean }) {
  if (!value) return <Empty />;
  return (
    <span title={value} className={cn('block break-words sm:truncate', wide ? 'sm:max-w-[16rem]' : 'sm:max-w-[11rem]')}>
      {value}
    </span>
  );
}

function LeadTableRow({ lead, fields, listSearch }: { lead: LeadRow; fields: LeadFieldColumn[]; listSearch: string }) {
  const state: LeadDetailState = { listSearch };
  return (
    <tr className={ROW}>
      <th scope="row" className="px-4 py-3 text-left align-top font-medium max-sm:col-span-2 max-sm:block max-sm:p-0 lg:pl-6">
        <Link
          to={leadPath(lead.id)}
          state={state}
          title={lead.email}
          className="block rounded-sm break-all text-indigo-700 hover:text-indigo-900 hover:underline sm:max-w-[16rem] sm:truncate sm:break-normal"
        >
          {lead.email}
        </Link>
      </th>
      <td data-label="Page" className={cn(CELL, LABELLED)}>
        <Text value={displayName(lead.formName)} />
      </td>
      <td data-label="Status" className={cn(CELL, LABELLED)}>
        <LeadStatusBadges status={lead.status} payment={lead.payment} />
      </td>
      {fields.map((f) => {
        const answer = lead.answers[f.label];
        return (
          // On a phone's stacked card, only the questions this lead answered (other pages ask other things).
          <td key={f.label} data-label={f.label} className={cn(CELL, LABELLED, answer === undefined && 'max-sm:hidden')}>
            <Text value={answer === undefined ? null : answerText(answer)} wide />
          </td>
        );
      })}
      <td data-label="UTM source" className={cn(CELL, LABELLED)}>
        <Text value={lead.utmSource} />
      </td>
      <td data-label="UTM medium" className={cn(CELL, LABELLED)}>
        <Text value={lead.utmMedium} />
      </td>
      <td data-label="UTM campaign" className={cn(CELL, LABELLED)}>
        <Text value={lead.utmCampaign} />
      </td>
      <td data-label="Placement" className={cn(CELL, LABELLED)}>
        <Text value={lead.placementName} />
        {lead.hostUrl && (
          <span
            title={lead.hostUrl}
            className="block text-xs break-all text-gray-600 sm:max-w-[11rem] sm:truncate sm:break-normal"
          >
            {lead.hostUrl}
          </span>
        )}
      </td>
      <td data-label="Created" className={cn(CELL, LABELLED)}>
        <When iso={lead.createdAt} />
      </td>
      <td data-label="Confirmed" className={cn(CELL, LABELLED, 'lg:pr-6')}>
        {lead.verifiedAt ? <When iso={lead.verifiedAt} /> : <Empty />}
      </td>
    </tr>
  );
}

/** Placeholder rows while the first page loads. */
export function LeadsTableSkeleton({ labelledBy }: { labelledBy: string }) {
  return (
    <ScrollingTable
      labelledBy={labelledBy}
      busy
      className="sm:min-w-full"
      head={<TableHead columns={[...LEADING, ...TRAILING]} alignRight={() => false} />}
    >
      {Array.from({ length: 3 }, (_, i) => (
        <tr key={i} className={ROW}>
          <td className={cn(CELL, 'max-sm:col-span-2')}>
            <Skeleton className="h-4 w-44" />
            {i === 0 && <span className="sr-only">Loading leads...</span>}
          </td>
          {Array.from({ length: LEADING.length + TRAILING.length - 1 }, (_, j) => (
            <td key={j} className={cn(CELL, j >= 2 && 'max-sm:hidden')}>
              <Skeleton className="h-4 w-16" />
            </td>
          ))}
        </tr>
      ))}
    </ScrollingTable>
  );
}
