import { toast } from 'sonner';
import type { FormSummary } from '@/domain/forms-api';
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
import { useDeleteForm } from '@/web/features/forms/api';
import { displayName } from './format';

type DeleteFormDialogProps = {
  /** The form to delete; the dialog is open while this is set. */
  form: FormSummary | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the row's menu button, or the table heading once the row is gone). */
  returnFocus: () => void;
};

/** Confirms, then deletes a form and its PDF for good. */
export function DeleteFormDialog({ form, onClose, returnFocus }: DeleteFormDialogProps) {
  const deleteForm = useDeleteForm();
  const name = form ? displayName(form.name) : '';

  const confirm = () => {
    if (!form) return;
    deleteForm.mutate(form.id, {
      onSuccess: () => {
        toast.success('Form deleted');
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
          <AlertDialogTitle>{`Delete "${name}"?`}</AlertDialogTitle>
          <AlertDialogDescription>
            The form and its PDF file are deleted permanently, and its landing page goes offline: anyone who opens its link will
            find nothing there. This cannot be undone.
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
