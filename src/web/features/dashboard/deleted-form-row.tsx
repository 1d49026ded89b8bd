import { RotateCcw } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import type { FormSummary } from '@/domain/forms-api';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useRestoreForm } from '@/web/features/forms';
import { cn } from '@/web/lib/cn';
import { displayName, formatCount, formatDate } from './format';
import { LABELLED } from './table-parts';

type DeletedFormRowProps = { form: FormSummary; row: string; cell: string };

/** A page in Recently deleted: when it goes for good, and Restore, which brings it back as it was. */
export function DeletedFormRow({ form, row, cell }: DeletedFormRowProps) {
  const restore = useRestoreForm();
  const name = displayName(form.name);
  // Awaited rather than mutate's callbacks: the refetched list drops this row, and a callback of an
  // unmounted row never runs, so the owner was sometimes left without the confirmation.
  const onRestore = async () => {
    try {
      await restore.mutateAsync(form.id);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      return;
    }
    toast.success(`"${name}" is restored`, {
      description: !form.published
        ? 'It is back, still a draft.'
        : form.status === 'active'
          ? 'Its landing page is online again.'
          : 'It is back, still inactive.',
    });
  };
  return (
    <tr className={row}>
      <th
        scope="row"
        className="px-4 py-3 text-left font-medium text-gray-900 max-sm:col-span-2 max-sm:row-start-1 max-sm:block max-sm:min-w-0 max-sm:self-center max-sm:p-0 lg:px-6"
      >
        <span className="block truncate sm:max-w-[16rem]">{name}</span>
      </th>
      <td data-label="Deleted" className={cn(cell, LABELLED, 'whitespace-nowrap')}>
        {form.deletedAt && formatDate(form.deletedAt)}
      </td>
      <td data-label="Leads" className={cn(cell, LABELLED, 'tabular-nums sm:text-right')}>
        {formatCount(form.leads)}
      </td>
      <td data-label="Deleted for good on" className={cn(cell, LABELLED, 'whitespace-nowrap')}>
        {form.purgeAt && formatDate(form.purgeAt)}
      </td>
      <td className="px-4 py-1.5 text-right max-sm:col-start-3 max-sm:row-start-1 max-sm:block max-sm:self-start max-sm:justify-self-end max-sm:p-0 lg:px-6">
        <Button variant="outline" size="sm" onClick={onRestore} disabled={restore.isPending} aria-label={`Restore ${name}`}>
          {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          Restore
        </Button>
      </td>
    </tr>
  );
}
