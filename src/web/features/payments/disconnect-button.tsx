import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PROVIDER_NAMES, type Provider } from '@/domain/payments';
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
import { useDisconnectProvider } from './api';

type DisconnectButtonProps = {
  provider: Provider;
  disabled?: boolean;
  /** The input to focus once disconnected: this button is gone by then, and the form is what is left. */
  focusAfterId: string;
};

/** "Disconnect", confirmed in a dialog that stays open (and busy) until the server has answered. */
export function DisconnectButton({ provider, disabled = false, focusAfterId }: DisconnectButtonProps) {
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectProvider();
  const name = PROVIDER_NAMES[provider];

  // Awaited rather than mutate's callbacks: the new settings unmount this button before those would run.
  const confirm = async () => {
    try {
      await disconnect.mutateAsync(provider);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      return;
    }
    toast.success(`${name} disconnected`);
    setOpen(false);
    document.getElementById(focusAfterId)?.focus();
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!disconnect.isPending) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" disabled={disabled} className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Unplug aria-hidden="true" />
          Disconnect
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{`Disconnect ${name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            Lodestone deletes the {name} credentials it stores, and your paid pages cannot take payments with {name} until you
            connect it again. Payments already made stay in your dashboard. The webhook you added stays in your {name} account:
            remove it there if you no longer need it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={disconnect.isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button
            onClick={() => void confirm()}
            disabled={disconnect.isPending}
            aria-busy={disconnect.isPending}
            className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600"
          >
            {disconnect.isPending && <Spinner />}
            {disconnect.isPending ? 'Disconnecting...' : `Disconnect ${name}`}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
