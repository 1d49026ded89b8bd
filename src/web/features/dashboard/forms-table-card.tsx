import { Plus, Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/web/lib/router';
import type { FormSummary } from '@/domain/forms-api';
import { DELETED_FORM_RETENTION_DAYS } from '@/domain/deleted-forms';
import { formAnalyticsPath } from '@/domain/app-paths';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { OptionSelect } from '@/web/components/option-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { onDemand } from '@/web/lib/on-demand';
import { displayName, formatCount, formatDate, formatPercent } from './format';
import { FormRowActions } from './form-row-actions';
import { PageStateBadge } from './page-state-badge';
import { LoadMoreFooter, ScrollingTable, TableHead, TableLoadError } from './paged-table';
import { LABELLED } from './table-parts';
import { useDebouncedValue } from './use-debounced-value';
import { useFormsList, type StatusFilter } from './use-forms-list';

export const EMPTY_STATE_TEXT = 'No forms found. Create your first form to get started.';
const NO_DELETED_TEXT = `Nothing here: deleted forms stay restorable for ${DELETED_FORM_RETENTION_DAYS} days.`;
const SEARCH_DEBOUNCE_MS = 250;

// Radix's alert dialog downloads when a delete is first asked for, not with the dashboard.
const DeleteFormDialog = lazy(() => import('./delete-form-dialog').then((m) => ({ default: m.DeleteFormDialog })));
// Recently deleted's rows download when the status filter is pointed at or focused, as its list does.
const deletedRows = onDemand(() => import('./deleted-form-row'));
const loadDeletedRows = () => void deletedRows.load().catch(() => undefined);

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Forms' },
  { value: 'active', label: 'Active Forms' },
  { value: 'inactive', label: 'Inactive Forms' },
  { value: 'draft', label: 'Drafts' },
  { value: 'deleted', label: 'Recently deleted' },
];

const isStatusFilter = (value: string): value is StatusFilter => STATUS_OPTIONS.some((o) => o.value === value);

const COLUMNS = ['Form Name', 'Created', 'Views', 'Leads', 'Conversion', 'Status'] as const;
/** The columns of the Recently deleted list (deleted-form-row.tsx). */
const DELETED_COLUMNS = ['Form Name', 'Deleted', 'Leads', 'Deleted for good on'] as const;
const NUMERIC = new Set<string>(['Views', 'Leads', 'Conversion']);

/** The 'Your Forms' card: search, status filter, the table, and "Load more". */
export function FormsTableCard() {
  const headingId = useId();
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pendingDelete, setPendingDelete] = useState<FormSummary | null>(null);
  // Mounted from the first delete on, so that closing it runs its exit (focus back to the row).
  const [deleteAsked, setDeleteAsked] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleteTriggerRef = useRef<HTMLElement | null>(null);

  const askToDelete = (form: FormSummary, trigger: HTMLElement | null) => {
    deleteTriggerRef.current = trigger;
    setDeleteAsked(true);
    setPendingDelete(form);
  };
  const returnFocusAfterDelete = () => {
    const trigger = deleteTriggerRef.current;
    if (trigger?.isConnected) trigger.focus();
    else headingRef.current?.focus();
  };

  const list = useFormsList({ status, q });
  const forms = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = q !== '' || status !== 'all';
  const showingDeleted = status === 'deleted';
  const columns = showingDeleted ? DELETED_COLUMNS : COLUMNS;
  const DeletedFormRow = deletedRows.useModule()?.DeletedFormRow;
  // Until its rows are there, Recently deleted shows the table's loading rows.
  const rowsPending = list.isPending || (showingDeleted && !DeletedFormRow);
  useEffect(() => {
    if (showingDeleted) loadDeletedRows();
  }, [showingDeleted]);

  const clearFilters = () => {
    setSearch('');
    setStatus('all');
  };

  return (
    <Card className="min-w-0">
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg leading-tight font-semibold text-gray-900">
            Your Forms
          </h2>
          <Button asChild size="sm">
            <Link to="/page-creator">
              <Plus aria-hidden="true" />
              Create New Form
            </Link>
          </Button>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Label htmlFor={searchId} className="sr-only">
              Search forms by name
            </Label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
            />
            <Input
              id={searchId}
              type="search"
              placeholder="Search forms..."
              autoComplete="off"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <div className="sm:w-48" onPointerEnter={loadDeletedRows} onFocus={loadDeletedRows}>
            <Label htmlFor={statusId} className="sr-only">
              Filter forms by status
            </Label>
            <OptionSelect
              id={statusId}
              value={status}
              onValueChange={(value) => isStatusFilter(value) && setStatus(value)}
              options={STATUS_OPTIONS}
            />
          </div>
        </div>
      </div>

      {list.isError && !list.data ? (
        <TableLoadError title="Could not load your forms" list={list} />
      ) : (
        <ScrollingTable
          labelledBy={headingId}
          busy={rowsPending || list.isPlaceholderData}
          className={cn('sm:min-w-[44rem]', list.isPlaceholderData && 'opacity-60 transition-opacity')}
          head={
            <TableHead columns={columns} alignRight={(column) => NUMERIC.has(column)} padding="lg:px-6">
              <th scope="col" className="px-4 py-3 text-right lg:px-6">
                Actions
              </th>
            </TableHead>
          }
        >
          {list.isPending ? (
            <SkeletonRows columns={columns.length} />
          ) : forms.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={columns.length + 1} className="px-4 py-12 text-center max-sm:block lg:px-6">
                <div className="flex flex-col items-center gap-3">
                  <p className="text-gray-700">{showingDeleted && q === '' ? NO_DELETED_TEXT : EMPTY_STATE_TEXT}</p>
                  {filtered && (
                    <Button variant="outline" size="sm" onClick={clearFilters}>
                      <X aria-hidden="true" />
                      Clear filters
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ) : rowsPending ? (
            <SkeletonRows columns={columns.length} />
          ) : (
            forms.map((form) =>
              showingDeleted && DeletedFormRow ? (
                <DeletedFormRow key={form.id} form={form} row={ROW} cell={CELL} />
              ) : (
                <FormRow key={form.id} form={form} onDelete={askToDelete} />
              ),
            )
          )}
        </ScrollingTable>
      )}

      <LoadMoreFooter list={list} what="forms" />

      {deleteAsked && (
        <Suspense fallback={null}>
          <DeleteFormDialog form={pendingDelete} onClose={() => setPendingDelete(null)} returnFocus={returnFocusAfterDelete} />
        </Suspense>
      )}
    </Card>
  );
}

/** Row and cell layout: a table row from `sm` up, a three-column grid card below. */
const ROW = 'hover:bg-gray-50 max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-3 max-sm:p-4';
const CELL = 'px-4 py-3 text-gray-700 max-sm:block max-sm:p-0 lg:px-6';
const NUMBER_CELL = cn(CELL, LABELLED, 'tabular-nums sm:text-right');

type FormRowProps = { form: FormSummary; onDelete: (form: FormSummary, trigger: HTMLElement | null) => void };

function FormRow({ form, onDelete }: FormRowProps) {
  const name = displayName(form.name);
  return (
    <tr className={ROW}>
      <th
        scope="row"
        className="px-4 py-3 text-left font-medium text-gray-900 max-sm:col-span-2 max-sm:row-start-1 max-sm:block max-sm:min-w-0 max-sm:self-center max-sm:p-0 lg:px-6"
      >
        <Link
          to={formAnalyticsPath(form.id)}
          className="block truncate rounded-sm text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:max-w-[16rem]"
          title={`${name}: analytics and leads`}
        >
          {name}
        </Link>
        {!form.published && <span className="mt-0.5 block text-xs font-normal text-gray-600">Not published yet</span>}
      </th>
      <td data-label="Created" className={cn(CELL, LABELLED, 'whitespace-nowrap')}>
        {formatDate(form.createdAt)}
      </td>
      <td data-label="Views" className={NUMBER_CELL}>
        {formatCount(form.views)}
      </td>
      <td data-label="Leads" className={NUMBER_CELL}>
        {formatCount(form.leads)}
      </td>
      <td data-label="Conversion" className={NUMBER_CELL}>
        {formatPercent(form.conversionRate)}
      </td>
      <td data-label="Status" className={cn(CELL, LABELLED)}>
        <PageStateBadge form={form} />
      </td>
      <td className="px-4 py-1.5 text-right max-sm:col-start-3 max-sm:row-start-1 max-sm:block max-sm:self-start max-sm:justify-self-end max-sm:p-0 lg:px-6">
        <FormRowActions form={form} onDelete={onDelete} />
      </td>
    </tr>
  );
}

function SkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: 4 }, (_, i) => (
    <tr key={i} className={ROW}>
      <td className={cn(CELL, 'max-sm:col-span-3')}>
        <Skeleton className="h-4 w-40" />
        {i === 0 && <span className="sr-only">Loading your forms...</span>}
      </td>
      {Array.from({ length: columns }, (_, j) => (
        <td key={j} className={cn(CELL, j >= 3 && 'max-sm:hidden')}>
          <Skeleton className={cn('h-4', j === 0 ? 'w-20' : 'w-10 sm:ml-auto')} />
        </td>
      ))}
    </tr>
  ));
}
