import { Unplug } from 'lucide-react';
import { PROVIDER_NAMES, type Provider } from '@/domain/payments';
import { ConfirmButton } from '@/web/components/confirm-button';
import { useDisconnectProvider } from './api';

type DisconnectButtonProps = {
  provider: Provider;
  disabled?: boolean;
  /** The input to focus once disconnected: this button is gone by then, and the form is what is left. */
  focusAfterId: string;
};

/** "Disconnect", confirmed in a dialog. */
export function DisconnectButton({ provider, disabled = false, focusAfterId }: DisconnectButtonProps) {
  const disconnect = useDisconnectProvider();
  const name = PROVIDER_NAMES[provider];
  return (
    <ConfirmButton
      disabled={disabled}
      title={`Disconnect ${name}?`}
      description={`Lodestone deletes the ${name} credentials it stores, and your paid pages cannot take payments with ${name} until you connect it again. Payments already made stay in your dashboard. The webhook you added stays in your ${name} account: remove it there if you no longer need it.`}
      confirmLabel={`Disconnect ${name}`}
      pendingLabel="Disconnecting..."
      action={() => disconnect.mutateAsync(provider)}
      successMessage={`${name} disconnected`}
      onDone={() => document.getElementById(focusAfterId)?.focus()}
    >
      <Unplug aria-hidden="true" />
      Disconnect
    </ConfirmButton>
  );
}
