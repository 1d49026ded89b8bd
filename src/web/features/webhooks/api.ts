import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookSecret,
} from '@/domain/webhooks-api';
import type { FormListPage } from '@/domain/forms-api';
import { apiFetch } from '@/web/lib/api';

/** Client side of the webhooks owner API (contract: src/domain/webhooks-api.ts). */

const BASE = '/api/webhooks/endpoints';
const id = encodeURIComponent;

export const webhookKeys = {
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  delivery: (deliveryId: string) => ['webhooks', 'delivery', deliveryId] as const,
};

/** While a delivery is pending the log refreshes itself, so the owner sees it land. */
const POLL_MS = 2000;
/** Otherwise now and then, so that new events appear without a reload. */
const IDLE_POLL_MS = 15_000;

export const useEndpoints = () => useQuery({ queryKey: webhookKeys.endpoints, queryFn: () => apiFetch<WebhookEndpoint[]>(BASE) });

type DeliveriesPolling = {
  /** Poll anyway, for a while after a replay (the delivery is not pending, but a new attempt is coming). */
  watch?: boolean;
  /** A disabled endpoint's pending deliveries are held: nothing lands until it is enabled again. */
  endpointEnabled?: boolean;
};

/**
 * The endpoint's deliveries. While any is pending (queued by an event and not tried yet, or waiting
 * for its retry) the log reads itself again every POLL_MS, so "Pending" turns into what happened
 * without a reload; otherwise every IDLE_POLL_MS, for new events.
 */
export const deliveriesQuery = (endpointId: string, { watch = false, endpointEnabled = true }: DeliveriesPolling = {}) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => apiFetch<WebhookDeliveryList>(`${BASE}/${id(endpointId)}/deliveries`),
    refetchInterval: (query) =>
      watch || (endpointEnabled && query.state.data?.deliveries.some((d) => d.status === 'pending')) ? POLL_MS : IDLE_POLL_MS,
  });

export const useDeliveries = (endpointId: string, polling: DeliveriesPolling = {}) =>
  useQuery(deliveriesQuery(endpointId, polling));

export const useDeliveryDetail = (deliveryId: string, pending: boolean) =>
  useQuery({
    queryKey: webhookKeys.delivery(deliveryId),
    queryFn: () => apiFetch<WebhookDeliveryDetail>(`/api/webhooks/deliveries/${id(deliveryId)}`),
    refetchInterval: pending ? POLL_MS : false,
  });

export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) => apiFetch<WebhookEndpoint>(BASE, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

/** enable, disable or delete: each answers with the endpoint (or nothing), then the list is read again. */
export function useEndpointAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ endpointId, action }: { endpointId: string; action: 'enable' | 'disable' | 'delete' }) => {
      if (action === 'delete') await apiFetch<void>(`${BASE}/${id(endpointId)}`, { method: 'DELETE' });
      else await apiFetch<WebhookEndpoint>(`${BASE}/${id(endpointId)}/${action}`, { method: 'POST' });
    },
    onSuccess: (_data, { endpointId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
      ]),
  });
}

export const fetchSecret = (endpointId: string) => apiFetch<WebhookSecret>(`${BASE}/${id(endpointId)}/secret`);
export const rotateSecret = (endpointId: string) =>
  apiFetch<WebhookSecret>(`${BASE}/${id(endpointId)}/rotate-secret`, { method: 'POST' });

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => apiFetch<WebhookDelivery>(`${BASE}/${id(endpointId)}/test`, { method: 'POST' }),
    onSuccess: (_d, endpointId) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      apiFetch<WebhookDelivery>(`/api/webhooks/deliveries/${id(delivery.id)}/replay`, { method: 'POST' }),
    onSuccess: (_d, delivery) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(delivery.endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.delivery(delivery.id) }),
      ]),
  });
}

/** The workspace's pages, for the page filter (the first 50, newest first, as the dashboard lists them). */
export const usePageOptions = (enabled = true) =>
  useQuery({
    queryKey: ['forms', 'list', { status: 'all' }] as const,
    queryFn: () => apiFetch<FormListPage>('/api/forms?status=all'),
    enabled,
  });
