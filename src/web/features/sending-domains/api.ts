import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendingDomainsView, SendingDomainView } from '@/domain/sending-domains';
import { apiFetch } from '@/web/lib/api';

/** Client side of the sending-domains API (contract in src/domain/sending-domains.ts). */

export const sendingDomainQueryKey = ['sending-domain'] as const;

export const useSendingDomain = () =>
  useQuery({ queryKey: sendingDomainQueryKey, queryFn: () => apiFetch<SendingDomainsView>('/api/sending-domains') });

const domainPath = (id: string) => `/api/sending-domains/${encodeURIComponent(id)}`;

/** Puts the domain the server answered with into the cached view; the view is read again either way. */
function useSendingDomainWrite<A>(fn: (arg: A) => Promise<SendingDomainView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (domain) =>
      queryClient.setQueryData<SendingDomainsView>(sendingDomainQueryKey, (view) => (view ? { ...view, domain } : view)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sendingDomainQueryKey }),
  });
}

export const useAddSendingDomain = () =>
  useSendingDomainWrite((domain: string) =>
    apiFetch<SendingDomainView>('/api/sending-domains', { method: 'POST', json: { domain } }),
  );

export const useVerifySendingDomain = () =>
  useSendingDomainWrite((id: string) => apiFetch<SendingDomainView>(`${domainPath(id)}/verify`, { method: 'POST' }));

export const useSetLocalPart = () =>
  useSendingDomainWrite(({ id, localPart }: { id: string; localPart: string }) =>
    apiFetch<SendingDomainView>(domainPath(id), { method: 'PATCH', json: { localPart } }),
  );

export function useRemoveSendingDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(domainPath(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData<SendingDomainsView>(sendingDomainQueryKey, (view) => (view ? { ...view, domain: null } : view));
      void queryClient.invalidateQueries({ queryKey: sendingDomainQueryKey });
    },
  });
}
