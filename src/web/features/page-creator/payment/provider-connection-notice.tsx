import { CircleAlert, Info, RotateCw } from 'lucide-react';
import { Link } from '@/web/lib/router';
import type { PaymentProvider } from '@/domain/form-config';
import { PAYPAL_TAX_NOTE, PROVIDER_NAMES, type Provider } from '@/domain/payments';
import { Button } from '@/web/components/ui/button';
import { usePaymentSettings } from '@/web/features/payments';
import { authClient } from '@/web/lib/auth-client';
import { cn } from '@/web/lib/cn';

const chosenProviders = (provider: PaymentProvider): Provider[] => (provider === 'both' ? ['stripe', 'paypal'] : [provider]);

const linkClass = 'font-semibold underline underline-offset-4 hover:no-underline';

/**
 * Under the provider buttons: which chosen provider still has to be connected before the page can be
 * published (the server refuses otherwise). Leaving for Payment settings is safe: the editor keeps
 * its work as a draft in this browser and offers it back on return.
 */
export function ProviderConnectionNotice({ provider }: { provider: PaymentProvider }) {
  const { data: session, isPending: sessionPending } = authClient.useSession();
  const settings = usePaymentSettings({ enabled: Boolean(session) });

  if (sessionPending) return null;
  if (!session) {
    return (
      <p className="flex gap-2 rounded-lg border border-gray-200 bg-white px-3 py-2.5 text-sm text-gray-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
        <span>Paid pages need a connected Stripe or PayPal account. After signing in, connect yours in Payment settings.</span>
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
        <span>Could not check whether your payment accounts are connected.</span>
        <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => void settings.refetch()}>
          <RotateCw aria-hidden="true" className={cn(settings.isRefetching && 'animate-spin')} />
          Try again
        </Button>
      </div>
    );
  }

  const data = settings.data;
  // A PayPal account connected through the platform wins over pasted credentials: it must be able to take payments.
  const unfinished = data?.paypal.merchant ? !data.paypal.merchant.canTakePayments : false;
  const ready = (p: Provider) =>
    p === 'paypal' && data?.paypal.merchant ? data.paypal.merchant.canTakePayments : data?.[p].connection !== null;
  const missing = data ? chosenProviders(provider).filter((p) => !ready(p)) : [];
  // One live region that stays in place, so a notice appearing when a provider is chosen is announced.
  return (
    <div role="status" className="grid gap-2">
      {missing.map((p) => (
        <p key={p} className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <span>
            {p === 'paypal' && unfinished ? (
              <>
                PayPal cannot take payments for your account yet. In{' '}
                <Link to="/settings/payments" className={linkClass}>
                  Payment settings
                </Link>
                , press Finish setting up on PayPal, then publish.
              </>
            ) : (
              <>
                {PROVIDER_NAMES[p]} is not connected yet. Connect it in{' '}
                <Link to="/settings/payments" className={linkClass}>
                  Payment settings
                </Link>{' '}
                before publishing.
              </>
            )}
          </span>
        </p>
      ))}
      {chosenProviders(provider).includes('paypal') && (
        <p className="flex gap-2 text-sm text-gray-600">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
          <span>{PAYPAL_TAX_NOTE}</span>
        </p>
      )}
    </div>
  );
}
