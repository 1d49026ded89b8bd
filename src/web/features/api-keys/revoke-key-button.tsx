import type { ApiKeySummary } from '@/domain/api-keys';
import { ConfirmButton } from '@/web/components/confirm-button';
import { useRevokeApiKey } from './api';

/** "Revoke", confirmed in a dialog. */
export function RevokeKeyButton({ apiKey }: { apiKey: ApiKeySummary }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmButton
      size="sm"
      title={`Revoke ${apiKey.name}?`}
      description={`Requests with this key (${apiKey.prefix}…) are refused from now on. This cannot be undone: a script that uses it needs a new key.`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking..."
      action={() => revoke.mutateAsync(apiKey.id)}
      successMessage={`${apiKey.name} revoked`}
    >
      Revoke<span className="sr-only"> {apiKey.name}</span>
    </ConfirmButton>
  );
}
