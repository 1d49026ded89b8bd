import { useState } from 'react';
import type { LeadExportList } from '@/domain/lead-export';
import type { WorkspaceLeadsQuery } from '@/domain/forms-api';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, PLAN_LIST, type ExportFormat } from '@/domain/plans';
import { FormAlert } from '@/web/components/form-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { useCreateLeadExport, useLeadExports } from './api';
import { ExportRow } from './export-row';

/** The leads list's filter, as GET /api/leads takes it, without its page cursor. */
export type LeadExportPanelFilter = Omit<WorkspaceLeadsQuery, 'cursor'>;

/** The first plan that exports `format`, to say what a disabled choice takes. */
const planWith = (format: ExportFormat) => PLAN_LIST.find((plan) => plan.exports.formats.includes(format))?.title ?? 'Business';

const errorMessage = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** The filter without empty values, as the export's body takes it. */
const cleanFilter = (filter: LeadExportPanelFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as LeadExportPanelFilter;

/**
 * Exports the leads matching `filter` (the leads list's current filter) as CSV or JSON Lines, as
 * the workspace's plan allows, and lists the recent exports with their progress and downloads.
 * A format the plan lacks is shown, disabled, with what it takes.
 */
export function LeadExportPanel({ filter }: { filter: LeadExportPanelFilter }) {
  const exports = useLeadExports();
  const create = useCreateLeadExport();
  const [chosen, setChosen] = useState<ExportFormat>('csv');
  const allowance = exports.data?.allowance;
  const allowed = (format: ExportFormat) => allowance?.formats.includes(format) ?? format === 'csv';
  const format = allowed(chosen) ? chosen : 'csv';

  return (
    <Card className="grid gap-4 p-6">
      <section aria-labelledby="lead-export-title" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="lead-export-title" className="text-lg font-semibold text-gray-900">
            Export leads
          </h2>
          <p className="text-sm text-gray-600">
            Exports the leads that match the filter above, with every answer and the consent each lead gave.
            {allowance?.windowDays ? ` Leads from the last ${allowance.windowDays} days are included.` : ''}
          </p>
          {allowance && <p className="text-sm text-gray-700">{allowance.sentence}</p>}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-900">Format</legend>
          {EXPORT_FORMATS.map((f) => (
            <FormatOption key={f} format={f} checked={format === f} disabled={!allowed(f)} onChoose={setChosen} />
          ))}
        </fieldset>
        {create.error && <FormAlert>{errorMessage(create.error)}</FormAlert>}
        <div>
          <Button
            type="button"
            disabled={create.isPending || exports.isPending}
            onClick={() => create.mutate({ format, ...cleanFilter(filter) })}
          >
            {create.isPending ? 'Starting export…' : `Export as ${EXPORT_FORMAT_LABELS[format]}`}
          </Button>
        </div>
        <RecentExports list={exports.data} isPending={exports.isPending} error={exports.error} />
      </section>
    </Card>
  );
}

function FormatOption(props: { format: ExportFormat; checked: boolean; disabled: boolean; onChoose: (f: ExportFormat) => void }) {
  const { format, checked, disabled, onChoose } = props;
  const id = `lead-export-format-${format}`;
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="radio"
        name="lead-export-format"
        value={format}
        checked={checked}
        disabled={disabled}
        onChange={() => onChoose(format)}
        aria-describedby={disabled ? `${id}-why` : undefined}
        className="mt-0.5 size-4 accent-indigo-600"
      />
      <label htmlFor={id} className={cn('grid text-sm', disabled ? 'text-gray-500' : 'text-gray-900')}>
        {EXPORT_FORMAT_LABELS[format]}
        {disabled && (
          <span id={`${id}-why`} className="text-xs">
            Comes with the {planWith(format)} plan.
          </span>
        )}
      </label>
    </div>
  );
}

function RecentExports({ list, isPending, error }: { list?: LeadExportList; isPending: boolean; error: unknown }) {
  if (error) return <FormAlert>{errorMessage(error)}</FormAlert>;
  if (isPending) return <Skeleton className="h-16 w-full" />;
  if (!list?.items.length) return null;
  return (
    <section aria-labelledby="lead-export-recent" className="grid">
      <h3 id="lead-export-recent" className="text-sm font-semibold text-gray-900">
        Recent exports
      </h3>
      <ul className="divide-y divide-gray-100">
        {list.items.map((item) => (
          <ExportRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
