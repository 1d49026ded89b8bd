import { useId } from 'react';
import { toast } from '@/web/lib/toast';
import type { FormDetail } from '@/domain/forms-api';
import { isOwnerNotify, OWNER_NOTIFY, OWNER_NOTIFY_LABELS } from '@/domain/owner-notify';
import { OptionSelect } from '@/web/components/option-select';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useSetOwnerNotify } from '@/web/features/forms';

const NOTIFY_OPTIONS = OWNER_NOTIFY.map((value) => ({ value, label: OWNER_NOTIFY_LABELS[value] }));

/**
 * How the owner hears of this page's new confirmed leads. It saves on change (there is nothing else
 * to fill in) and applies at once: it is the owner's setting, not part of the published page.
 */
export function LeadNotificationsCard({ form }: { form: FormDetail | undefined }) {
  const selectId = useId();
  const save = useSetOwnerNotify();
  // While saving, the select shows the choice being saved; on failure it falls back to the saved one.
  const value = save.isPending ? save.variables.ownerNotify : form?.ownerNotify;

  const choose = (next: string) => {
    if (!form || !isOwnerNotify(next) || next === form.ownerNotify) return;
    save.mutate(
      { id: form.id, ownerNotify: next },
      {
        onSuccess: () => toast.success('Saved'),
        onError: (error) => toast.error(`Could not save the lead notifications: ${error.message}`),
      },
    );
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:p-6">
      <div className="min-w-0">
        <Label htmlFor={selectId} className="text-base font-semibold">
          Lead notifications
        </Label>
        <p className="mt-1 text-sm text-gray-600">
          How you hear about new confirmed leads on this page. Changes apply at once, without publishing again.
        </p>
      </div>
      <div className="w-full shrink-0 sm:w-64">
        {/* While the form loads, the select's place: the card keeps its height, nothing below it moves. */}
        {value === undefined ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <OptionSelect
            id={selectId}
            value={value}
            onValueChange={choose}
            options={NOTIFY_OPTIONS}
            disabled={save.isPending}
            aria-busy={save.isPending}
          />
        )}
      </div>
    </Card>
  );
}
