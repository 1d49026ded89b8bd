import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiKeySummary } from '@/domain/api-keys';
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
import { useRevokeApiKey } from './api';

/** "Revoke", confirmed in a dialog that stays open (and busy) until the server has answered. */
export function RevokeKeyButton({ apiKey }: { apiKey: ApiKeySummary }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();

  const confirm = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      return;
    }
    toast.success(`${apiKey.name} revoked`);
    setOpen(false);
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!revoke.isPending) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{`Revoke ${apiKey.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            Requests with this key ({apiKey.prefix}…) are refused from now on. This cannot be undone: a script that uses it needs
            a new key.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            onClick={() => void confirm()}
            disabled={revoke.isPending}
            aria-busy={revoke.isPending}
            className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
          >
            {revoke.isPending && <Spinner />}
            {revoke.isPending ? 'Revoking...' : 'Revoke key'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
