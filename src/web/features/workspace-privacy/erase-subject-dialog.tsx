import { useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ERASURE_KEEPS, normaliseSubjectEmail, type ErasureCounts } from '@/domain/data-requests';
import { EmailAddress } from '@/web/components/email-address';
import { TextField } from '@/web/components/text-field';
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
import { ApiError } from '@/web/lib/api';
import { useErasureRequest } from './api';

type Props = {
  /** The address to erase; the dialog is open while this is set. */
  email: string | null;
  onClose: () => void;
  onErased: (counts: ErasureCounts) => void;
};

/**
 * Says exactly what an erasure removes and keeps, and enables the destructive button only once the
 * address is typed again: it cannot be undone.
 */
export function EraseSubjectDialog({ email, onClose, onErased }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const erase = useErasureRequest();
  const confirmInput = useRef<HTMLInputElement>(null);
  const matches = email !== null && normaliseSubjectEmail(typed) === email;

  const close = () => {
    setTyped('');
    setError(undefined);
    onClose();
  };

  const confirm = () => {
    if (!email || !matches) return;
    erase.mutate(
      { email, confirmEmail: typed },
      {
        onSuccess: ({ counts }) => {
          setTyped('');
          onErased(counts);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors.confirmEmail) setError(err.errors.confirmEmail);
          else toast.error(err.message);
        },
      },
    );
  };

  return (
    <AlertDialog
      open={email !== null}
      onOpenChange={(open) => {
        if (!open && !erase.isPending) close();
      }}
    >
      <AlertDialogContent
        // The one thing to do here is type the address again: start there rather than on Cancel.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          confirmInput.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Erase {email && <EmailAddress address={email} />}?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2 text-sm text-gray-600">
              <p>On every page of this workspace, this permanently deletes:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>their leads, answers, submissions and consent records;</li>
                <li>emails to them still waiting to be sent, and the log of emails sent to them;</li>
                <li>the rate-limit counters kept for their address;</li>
                <li>your lead export files, which may list them.</li>
              </ul>
              <p>{ERASURE_KEEPS}</p>
              <p>
                A tombstone (a keyed hash of the address, never the address itself) records the erasure, so you can prove it
                later. <strong className="font-semibold text-gray-900">This cannot be undone.</strong>
              </p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
          className="grid gap-4"
        >
          <TextField
            id="erase-confirm-email"
            ref={confirmInput}
            label="Type their email address to confirm"
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline" disabled={erase.isPending}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button
              type="submit"
              disabled={!matches || erase.isPending}
              className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
            >
              {erase.isPending && <Spinner />}
              {erase.isPending ? 'Erasing…' : 'Erase permanently'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
