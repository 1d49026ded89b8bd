import { type ReactNode, useState } from 'react';
import { toast } from '@/web/lib/toast';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';

type ConfirmButtonProps = {
  /** What the (red, outlined) trigger button shows. */
  children: ReactNode;
  size?: 'default' | 'sm';
  disabled?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The destructive call; a thrown error keeps the dialog open and shows its message. */
  action: () => Promise<unknown>;
  successMessage: string;
  /** After success, e.g. focus what is left once the trigger is gone. */
  onDone?: () => void;
};

/** A destructive action confirmed in a dialog that stays open (and busy) until the server has answered. */
export function ConfirmButton({
  children,
  size = 'default',
  disabled = false,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
  successMessage,
  onDone,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  // Awaited rather than a mutation's callbacks: the new data may unmount this button before those would run.
  const confirm = async () => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      return;
    } finally {
      setPending(false);
    }
    toast.success(successMessage);
    setOpen(false);
    onDone?.();
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size={size}
          disabled={disabled}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          {children}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            onClick={() => void confirm()}
            disabled={pending}
            aria-busy={pending}
            className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
          >
            {pending && <Spinner />}
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
