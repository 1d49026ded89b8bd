import type { DeliveryStatus, WebhookEndpoint } from '@/domain/webhooks-api';

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });

export const STATUS_LABELS: Record<DeliveryStatus, string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' };
export const STATUS_VARIANTS = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

/** The endpoint's badge: Active, Failing (since …) or Disabled: <reason>. */
export function endpointStatus(endpoint: WebhookEndpoint): { label: string; variant: 'success' | 'warning' | 'danger' } {
  if (!endpoint.enabled) return { label: `Disabled: ${endpoint.disabledReason ?? 'by an owner'}`, variant: 'danger' };
  if (endpoint.failingSince) return { label: `Failing since ${formatTime(endpoint.failingSince)}`, variant: 'warning' };
  return { label: 'Active', variant: 'success' };
}
