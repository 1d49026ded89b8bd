import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentListPage, PaymentSettings, PaypalCredentials, Provider, StripeCredentials } from '@/domain/payments';
import { apiFetch } from '@/web/lib/api';

/** Client side of the owner payments API (contract in src/domain/payments.ts). */

export const paymentKeys = {
  settings: ['payments', 'settings'] as const,
  // Under 'forms', so whatever refreshes a form's data refreshes its payments too.
  formPayments: (formId: string) => ['forms', 'payments', formId] as const,
};

const SETTINGS_PATH = '/api/payments/settings';

/** The workspace's Stripe and PayPal connections (secrets masked) and where to point their webhooks. */
export const usePaymentSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: paymentKeys.settings, queryFn: () => apiFetch<PaymentSettings>(SETTINGS_PATH), enabled });

/** Every change answers with the new settings: show them at once, then refetch to be sure. */
function useSettingsMutation<T>(send: (input: T) => Promise<PaymentSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => {
      queryClient.setQueryData(paymentKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: paymentKeys.settings });
    },
  });
}

export const useConnectStripe = () =>
  useSettingsMutation((credentials: StripeCredentials) =>
    apiFetch<PaymentSettings>('/api/payments/stripe', { method: 'PUT', json: credentials }),
  );

export const useConnectPaypal = () =>
  useSettingsMutation((credentials: PaypalCredentials) =>
    apiFetch<PaymentSettings>('/api/payments/paypal', { method: 'PUT', json: credentials }),
  );

/** "Connect PayPal" / "Finish setting up on PayPal": a fresh onboarding link on PayPal, which the browser then opens. */
export const usePaypalOnboardingLink = () =>
  useMutation({ mutationFn: () => apiFetch<{ url: string }>('/api/payments/paypal/connect', { method: 'POST' }) });

/** Disconnects the PayPal account connected through the platform (its past payments stay). */
export const useDisconnectPaypalMerchant = () =>
  useSettingsMutation(() => apiFetch<PaymentSettings>('/api/payments/paypal/connect', { method: 'DELETE' }));

export const useDisconnectProvider = () =>
  useSettingsMutation((provider: Provider) => apiFetch<PaymentSettings>(`/api/payments/${provider}`, { method: 'DELETE' }));

/** A form's payments, newest first, 50 at a time (each page carries the cursor of the next). */
export const useFormPayments = (formId: string) =>
  useInfiniteQuery({
    queryKey: paymentKeys.formPayments(formId),
    queryFn: ({ pageParam }) =>
      apiFetch<PaymentListPage>(
        `/api/forms/${encodeURIComponent(formId)}/payments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
