import { toast } from '@/web/lib/toast';
import type { FormSummary } from '@/domain/forms-api';
import { DELETED_FORM_RETENTION_DAYS } from '@/domain/deleted-forms';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useDeleteForm } from '@/web/features/forms';
import { displayName, formatCount } from './format';

type DeleteFormDialogProps = {
  /** The form to delete; the dialog is open while this is set. */
  form: FormSummary | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the row's menu button, or the table heading once the row is gone). */
  returnFocus: () => void;
};

/** "its 3 leads", "its 1 lead": the count is the server's, from the forms list. */
export const leadsPhrase = (leads: number) => `its ${formatCount(leads)} ${leads === 1 ? 'lead' : 'leads'}`;

/** Confirms, then moves a form, its file and its leads to Recently deleted (restorable, then purged). */
export function DeleteFormDialog({ form, onClose, returnFocus }: DeleteFormDialogProps) {
  const deleteForm = useDeleteForm();
  const name = form ? displayName(form.name) : '';
  const leads = form?.leads ?? 0;

  const confirm = () => {
    if (!form) return;
    deleteForm.mutate(form.id, {
      onSuccess: () => {
        toast.success('Form deleted', {
          description: `You can restore it from Recently deleted for ${DELETED_FORM_RETENTION_DAYS} days.`,
        });
        onClose();
      },
      onError: (err) => toast.error(err.message),
    });
  };

  return (
    <AlertDialog
      open={form !== null}
      onOpenChange={(open) => {
        if (!open && !deleteForm.isPending) onClose();
      }}
    >
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{leads > 0 ? `Delete "${name}" and ${leadsPhrase(leads)}?` : `Delete "${name}"?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {`Its landing page goes offline at once: anyone who opens its link will find nothing there. The form, its lead magnet file${
              leads > 0 ? ` and ${leadsPhrase(leads)}` : ''
            } stay in Recently deleted for ${DELETED_FORM_RETENTION_DAYS} days, where you can restore them; after that they are deleted for good.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={deleteForm.isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            onClick={confirm}
            disabled={deleteForm.isPending}
            className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
          >
            {deleteForm.isPending && <Spinner />}
            {deleteForm.isPending ? 'Deleting...' : 'Delete form'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
