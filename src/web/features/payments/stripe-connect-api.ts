import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings } from '@/domain/payments';
import { apiFetch } from '@/web/lib/api';
import { paymentKeys } from './api';

/** Client side of Connect with Stripe (contract in src/domain/payments.ts). */

/** "Connect with Stripe" / "Finish setting up on Stripe": the server answers Stripe's onboarding link, and the browser goes there. */
export const useStripeOnboarding = () =>
  useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/payments/stripe/connect', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

function useStripeSettingsMutation(path: string, method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<PaymentSettings>(path, { method }),
    onSuccess: (settings) => {
      queryClient.setQueryData(paymentKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: paymentKeys.settings });
    },
  });
}

/** Back from Stripe's onboarding: read the account's state from Stripe. */
export const useRefreshStripeAccount = () => useStripeSettingsMutation('/api/payments/stripe/refresh', 'POST');

export const useDisconnectStripeAccount = () => useStripeSettingsMutation('/api/payments/stripe/connect', 'DELETE');

/** Whether the workspace can take payments through Stripe now, as the creator's notices say it. */
export function stripeReadiness(stripe: PaymentSettings['stripe']): 'ready' | 'incomplete' | 'missing' {
  if (stripe.account) return stripe.account.chargesEnabled ? 'ready' : 'incomplete';
  return stripe.connection ? 'ready' : 'missing';
}
