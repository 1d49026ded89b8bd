import { useMutation, useQuery } from '@tanstack/react-query';
import type { BillingOverview, CheckoutRequest } from '@/domain/billing';
import { apiFetch } from '@/web/lib/api';

/** Client side of the billing API (contract in src/domain/billing.ts). */

export const billingQueryKey = ['billing'] as const;

/** The plan and usage; `waitingForStripe` reads it again every 2 s (a Checkout just paid, its webhook on the way). */
export const useBilling = (waitingForStripe = false) =>
  useQuery({
    queryKey: billingQueryKey,
    queryFn: () => apiFetch<BillingOverview>('/api/billing'),
    refetchInterval: waitingForStripe ? 2000 : false,
  });

/** Sends the browser to Stripe (Checkout or the portal) once the server has the address. */
const goTo = ({ url }: { url: string }) => window.location.assign(url);

export const useCheckout = () =>
  useMutation({
    mutationFn: (body: CheckoutRequest) => apiFetch<{ url: string }>('/api/billing/checkout', { method: 'POST', json: body }),
    onSuccess: goTo,
  });

export const usePortal = () =>
  useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/billing/portal', { method: 'POST' }),
    onSuccess: goTo,
  });
