import { CircleAlert, Info, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import type { PaymentProvider } from '@/domain/form-config';
import { PROVIDER_NAMES, type PaymentSettings, type Provider } from '@/domain/payments';
import { Button } from '@/web/components/ui/button';
import { stripeReadiness, usePaymentSettings } from '@/web/features/payments';
import { authClient } from '@/web/lib/auth-client';
import { cn } from '@/web/lib/cn';

const chosenProviders = (provider: PaymentProvider): Provider[] => (provider === 'both' ? ['stripe', 'paypal'] : [provider]);

/** PayPal connected through the platform wins over pasted credentials: it must be able to take payments. */
function paypalReadiness(paypal: PaymentSettings['paypal']): 'ready' | 'incomplete' | 'missing' {
  if (paypal.merchant) return paypal.merchant.canTakePayments ? 'ready' : 'incomplete';
  return paypal.connection ? 'ready' : 'missing';
}

const linkClass = 'font-semibold underline underline-offset-4 hover:no-underline';

/**
 * Under the provider buttons: which chosen provider still has to be connected before the page can be
 * published (the server refuses otherwise). Leaving for Payment settings is safe: the editor keeps
 * its work as a draft in this browser and offers it back on return.
 */
export function ProviderConnectionNotice({
  provider,
  errorId,
  children,
}: {
  provider: PaymentProvider;
  /** Publishing was refused: the notice carries this id (the buttons are described by it) in place of the field's error. */
  errorId?: string;
  /** The field's own error, shown when the notice has nothing to say. */
  children?: ReactNode;
}) {
  const { data: session, isPending: sessionPending } = authClient.useSession();
  const settings = usePaymentSettings({ enabled: Boolean(session) });

  if (sessionPending) return children;
  if (!session) {
    return (
      <>
        {children}
        <p className="flex gap-2 rounded-lg border border-gray-200 bg-white px-3 py-2.5 text-sm text-gray-700">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
          <span>Paid pages need a connected Stripe or PayPal account. After signing in, connect yours in Payment settings.</span>
        </p>
      </>
    );
  }
  if (settings.isError) {
    return (
      <>
        {children}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
          <span>Could not check whether your payment accounts are connected.</span>
          <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => void settings.refetch()}>
            <RotateCw aria-hidden="true" className={cn(settings.isRefetching && 'animate-spin')} />
            Try again
          </Button>
        </div>
      </>
    );
  }

  const data = settings.data;
  const state = (p: Provider) => (!data ? 'ready' : p === 'stripe' ? stripeReadiness(data.stripe) : paypalReadiness(data.paypal));
  const problems = chosenProviders(provider).filter((p) => state(p) !== 'ready');
  // One live region that stays in place, so a notice appearing when a provider is chosen is announced.
  return (
    <>
      {problems.length === 0 && children}
      <div role="status" className="grid gap-2">
        {problems.map((p, i) => (
          <p
            key={p}
            id={i === 0 ? errorId : undefined}
            className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            {state(p) === 'incomplete' ? (
              <span>
                Your {PROVIDER_NAMES[p]} account cannot take payments yet.{' '}
                <Link to="/settings/payments" className={linkClass}>
                  Finish setting up on {PROVIDER_NAMES[p]}
                </Link>{' '}
                before publishing.
              </span>
            ) : (
              <span>
                {PROVIDER_NAMES[p]} is not connected yet. Connect it in{' '}
                <Link to="/settings/payments" className={linkClass}>
                  Payment settings
                </Link>{' '}
                before publishing.
              </span>
            )}
          </p>
        ))}
      </div>
    </>
  );
}
