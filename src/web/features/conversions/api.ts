import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversionDestination } from '@/domain/conversions';
import type {
  ConversionSendList,
  ConversionSendView,
  ConversionSettings,
  ConversionTestResult,
  GoogleConnect,
  MetaConnect,
  TiktokConnect,
} from '@/domain/conversions-api';
import { apiFetch } from '@/web/lib/api';

/** Client side of the conversions owner API (contract: src/domain/conversions-api.ts). */

export const conversionKeys = {
  settings: ['conversions', 'settings'] as const,
  sends: (destination: ConversionDestination) => ['conversions', 'sends', destination] as const,
};

/** While a send waits (its first attempt or a retry) the log reads itself again, so the owner sees it land. */
const POLL_MS = 3000;
const IDLE_POLL_MS = 30_000;

export type ConnectInput = { meta: MetaConnect; google: GoogleConnect; tiktok: TiktokConnect };

export const useConversionSettings = () =>
  useQuery({ queryKey: conversionKeys.settings, queryFn: () => apiFetch<ConversionSettings>('/api/conversions') });

function useSettingsMutation<T>(send: (input: T) => Promise<ConversionSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (settings) => {
      queryClient.setQueryData(conversionKeys.settings, settings);
      await queryClient.invalidateQueries({ queryKey: ['conversions', 'sends'] });
    },
  });
}

export const useConnectConversions = <D extends ConversionDestination>(destination: D) =>
  useSettingsMutation((input: ConnectInput[D]) =>
    apiFetch<ConversionSettings>(`/api/conversions/${destination}`, { method: 'PUT', json: input }),
  );

export const useDisconnectConversions = (destination: ConversionDestination) =>
  useSettingsMutation(() => apiFetch<ConversionSettings>(`/api/conversions/${destination}`, { method: 'DELETE' }));

export const useSendTestConversion = (destination: ConversionDestination) =>
  useMutation({
    mutationFn: () => apiFetch<ConversionTestResult>(`/api/conversions/${destination}/test`, { method: 'POST', json: {} }),
  });

export const useConversionSends = (destination: ConversionDestination, enabled: boolean) =>
  useQuery({
    queryKey: conversionKeys.sends(destination),
    queryFn: () => apiFetch<ConversionSendList>(`/api/conversions/${destination}/sends`),
    enabled,
    refetchInterval: (query) => (query.state.data?.sends.some((s) => s.status === 'pending') ? POLL_MS : IDLE_POLL_MS),
  });

export function useReplayConversion(destination: ConversionDestination) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: ConversionSendView) =>
      apiFetch<ConversionSendView>(`/api/conversions/sends/${encodeURIComponent(send.id)}/replay`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversionKeys.sends(destination) }),
  });
}
