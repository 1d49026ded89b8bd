import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@/domain/contact';
import { apiFetch } from './api';

export const siteInfoQueryKey = ['site'] as const;

/** The public site settings (`GET /api/site`); they do not change while the server runs. */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: () => apiFetch<SiteInfo>('/api/site'),
    staleTime: Infinity,
  });
}

/** The support address (SUPPORT_EMAIL) for mailto links; undefined until it has loaded. */
export function useSupportEmail(): string | undefined {
  return useSiteInfo().data?.supportEmail;
}
