import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessExport, DataRequestLog, DataRequestReceipt, ErasureOutcome, ErasureRequest } from '@/domain/data-requests';
import type { PageDefaults, PageDefaultsInput } from '@/domain/page-defaults';
import type { BusinessAddress } from '@/domain/paid-orders';
import type { RetentionSettings } from '@/domain/retention';
import { apiFetch } from '@/web/lib/api';

/** Client side of the workspace's retention settings and data-subject requests (contracts in src/domain). */

export const privacyKeys = { retention: ['workspace', 'retention'] as const };

const RETENTION_PATH = '/api/workspace/retention';

export const useRetentionSettings = () =>
  useQuery({ queryKey: privacyKeys.retention, queryFn: () => apiFetch<RetentionSettings>(RETENTION_PATH) });

export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) => apiFetch<RetentionSettings>(RETENTION_PATH, { method: 'PUT', json: settings }),
    onSuccess: (settings) => queryClient.setQueryData(privacyKeys.retention, settings),
  });
}

const PAGE_DEFAULTS_PATH = '/api/workspace/page-defaults';
export const pageDefaultsKeys = { all: ['workspace', 'page-defaults'] as const };

/** What the workspace's new pages start from (the privacy-policy address, the language); `enabled` false while signed out. */
export const usePageDefaults = (enabled = true) =>
  useQuery({
    queryKey: pageDefaultsKeys.all,
    queryFn: () => apiFetch<PageDefaults>(PAGE_DEFAULTS_PATH),
    enabled,
    // Publishing may have given the workspace its address: a new page asks again.
    staleTime: 0,
  });

export function useSavePageDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaults: PageDefaultsInput) => apiFetch<PageDefaults>(PAGE_DEFAULTS_PATH, { method: 'PUT', json: defaults }),
    onSuccess: (defaults) => queryClient.setQueryData(pageDefaultsKeys.all, defaults),
  });
}

const BUSINESS_ADDRESS_PATH = '/api/workspace/business-address';
export const businessAddressKeys = { all: ['workspace', 'business-address'] as const };

/** The seller's postal address on the workspace's receipts. */
export const useBusinessAddress = () =>
  useQuery({ queryKey: businessAddressKeys.all, queryFn: () => apiFetch<BusinessAddress>(BUSINESS_ADDRESS_PATH) });

export function useSaveBusinessAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: BusinessAddress) => apiFetch<BusinessAddress>(BUSINESS_ADDRESS_PATH, { method: 'PUT', json: value }),
    onSuccess: (value) => queryClient.setQueryData(businessAddressKeys.all, value),
  });
}

const REQUESTS_PATH = '/api/privacy/requests';
export const dataRequestKeys = { log: ['workspace', 'data-requests'] as const };

export const useDataRequestLog = () =>
  useQuery({ queryKey: dataRequestKeys.log, queryFn: () => apiFetch<DataRequestLog>(REQUESTS_PATH) });

/** An access request: the person's data as the JSON the server made (the request is logged). */
export function useAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiFetch<AccessExport>('/api/privacy/access', { method: 'POST', json: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestKeys.log }),
  });
}

export function useErasureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ErasureRequest) => apiFetch<ErasureOutcome>('/api/privacy/erasure', { method: 'POST', json: request }),
    // An erasure changes leads, counts, analytics, payments and exports across the workspace: no
    // cached screen may show the person afterwards, so everything is fetched again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const fetchReceipt = (id: string) => apiFetch<DataRequestReceipt>(`${REQUESTS_PATH}/${encodeURIComponent(id)}/receipt`);
