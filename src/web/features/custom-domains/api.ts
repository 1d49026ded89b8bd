import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomDomainView, DomainsView } from '@/domain/custom-domains';
import { apiFetch } from '@/web/lib/api';

/** Client side of the custom-domains API (contract in src/domain/custom-domains.ts). */

export const domainsQueryKey = ['domains'] as const;

export const useDomains = () => useQuery({ queryKey: domainsQueryKey, queryFn: () => apiFetch<DomainsView>('/api/domains') });

const domainPath = (id: string) => `/api/domains/${encodeURIComponent(id)}`;

/**
 * Puts the domain the server answered with into the cached view, in place (or at the end when new);
 * the view is read again either way (a refused check is still recorded).
 */
function useDomainWrite<A>(fn: (arg: A) => Promise<CustomDomainView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (domain) => {
      queryClient.setQueryData<DomainsView>(domainsQueryKey, (view) => {
        if (!view) return view;
        const known = view.domains.some((d) => d.id === domain.id);
        return {
          ...view,
          domains: known ? view.domains.map((d) => (d.id === domain.id ? domain : d)) : [...view.domains, domain],
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: domainsQueryKey }),
  });
}

export const useAddDomain = () =>
  useDomainWrite((hostname: string) => apiFetch<CustomDomainView>('/api/domains', { method: 'POST', json: { hostname } }));

export const useVerifyDomain = () =>
  useDomainWrite((id: string) => apiFetch<CustomDomainView>(`${domainPath(id)}/verify`, { method: 'POST' }));

export const useSetHomePage = () =>
  useDomainWrite(({ id, homeFormId }: { id: string; homeFormId: string | null }) =>
    apiFetch<CustomDomainView>(domainPath(id), { method: 'PATCH', json: { homeFormId } }),
  );

export function useRemoveDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(domainPath(id), { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<DomainsView>(domainsQueryKey, (view) =>
        view ? { ...view, domains: view.domains.filter((d) => d.id !== id) } : view,
      );
      void queryClient.invalidateQueries({ queryKey: domainsQueryKey });
    },
  });
}

export function useSetSlug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, slug }: { formId: string; slug: string | null }) =>
      apiFetch<{ slug: string | null }>(`/api/forms/${encodeURIComponent(formId)}/slug`, { method: 'PUT', json: { slug } }),
    onSuccess: ({ slug }, { formId }) => {
      queryClient.setQueryData<DomainsView>(domainsQueryKey, (view) =>
        view ? { ...view, pages: view.pages.map((p) => (p.formId === formId ? { ...p, slug } : p)) } : view,
      );
      void queryClient.invalidateQueries({ queryKey: domainsQueryKey });
    },
  });
}
