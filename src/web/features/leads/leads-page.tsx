import { Inbox, SearchX } from 'lucide-react';
import { useId } from 'react';
import { RequireSession } from '@/web/app/require-session';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { EmptyTableState, formatCount, LoadMoreFooter } from '@/web/features/dashboard';
import { can } from '@/domain/team-roles';
import { LeadExportPanel, type LeadExportPanelFilter } from '@/web/features/lead-export';
import { HeldLeadsNotice } from '@/web/features/plan-limits';
import { useMe } from '@/web/features/team';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useWorkspaceLeads } from './api';
import { useLeadFilter } from './lead-filter';
import { LeadFilters } from './lead-filters';
import { LeadsFrame } from './leads-frame';
import { LeadsTable, LeadsTableSkeleton } from './leads-table';

/** /dashboard/leads — every lead of the workspace across its pages, filtered by the address's query. */
export function LeadsPage() {
  useDocumentTitle('Leads', 'Every lead of your workspace across your pages: search, filter and open each one.');
  return (
    <RequireSession>
      <LeadsContent />
    </RequireSession>
  );
}

function LeadsContent() {
  const { filter, filtered, setFilter, clearFilter, search } = useLeadFilter();
  const list = useWorkspaceLeads(filter);
  const headingId = useId();
  const pages = list.data?.pages ?? [];
  const leads = pages.flatMap((page) => page.items);
  // The columns of every page loaded so far: "Load more" may bring leads of other pages.
  const fields = [...new Map(pages.flatMap((page) => page.fields).map((f) => [f.label, f])).values()];
  const failed = list.isError && !list.isFetchNextPageError;
  // Exports are an owner's or admin's (features/team); the others are told so instead of the panel.
  const role = useMe().data?.workspace.role;
  const mayExport = role !== undefined && can(role, 'exportLeads');

  return (
    <LeadsFrame>
      <HeldLeadsNotice />

      <Card className="min-w-0">
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <LeadFilters filter={filter} setFilter={setFilter} filtered={filtered} onClear={clearFilter} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h2 id={headingId} className="text-lg leading-tight font-semibold text-gray-900">
                {filtered ? 'Matching leads' : 'All leads'}
              </h2>
              {leads.length > 0 && (
                <p className="text-sm text-gray-600" aria-live="polite">
                  Newest first · {formatCount(leads.length)} shown{list.hasNextPage ? ', more below' : ''}
                </p>
              )}
            </div>
            {leads.length > 0 && mayExport && (
              <Button asChild variant="outline" size="sm">
                <a href="#lead-export-title">{filtered ? 'Export these leads' : 'Export leads'}</a>
              </Button>
            )}
          </div>
        </div>

        {failed ? (
          <div className="flex flex-col gap-3 px-4 pb-4 sm:px-6 sm:pb-6">
            <ErrorState
              title="Could not load the leads"
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isRefetching}
            />
            {filtered && (
              <Button variant="outline" className="self-start" onClick={clearFilter}>
                Clear filters
              </Button>
            )}
          </div>
        ) : list.isPending ? (
          <LeadsTableSkeleton labelledBy={headingId} />
        ) : leads.length === 0 ? (
          filtered ? (
            <div className="flex flex-col items-center pb-6">
              <EmptyTableState icon={SearchX} title="No leads match these filters">
                Try another search, page or date range.
              </EmptyTableState>
              <Button variant="outline" onClick={clearFilter}>
                Clear filters
              </Button>
            </div>
          ) : (
            <EmptyTableState icon={Inbox} title="No leads yet">
              Share the link to one of your pages: every visitor who leaves an email shows up here.
            </EmptyTableState>
          )
        ) : (
          <LeadsTable
            labelledBy={headingId}
            busy={list.isFetching && !list.isFetchingNextPage}
            fields={fields}
            leads={leads}
            listSearch={search}
          />
        )}

        <LoadMoreFooter list={list} what="leads" />
      </Card>

      {/* The leads filter's values go as they stand: the server refuses a bad one with its message. */}
      {mayExport ? (
        <LeadExportPanel filter={filter as LeadExportPanelFilter} />
      ) : role ? (
        <p className="text-sm text-gray-600">Exporting leads is for the owners and admins of this workspace.</p>
      ) : null}
    </LeadsFrame>
  );
}
