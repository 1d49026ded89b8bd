import { CircleAlert, CircleCheck, ExternalLink, Unplug } from 'lucide-react';
import { useState } from 'react';
import { PAYPAL_CONNECT_ERRORS, PAYPAL_TAX_NOTE, type PaypalConnectError, type PaypalMerchant } from '@/domain/payments';
import { ConfirmButton } from '@/web/components/confirm-button';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useDisconnectPaypalMerchant, usePaypalOnboardingLink } from './api';
import { toast } from '@/web/lib/toast';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Connect PayPal" or "Finish setting up on PayPal": asks for a fresh onboarding link and goes there. */
export function PaypalOnboardingButton({ label, variant = 'default' }: { label: string; variant?: 'default' | 'outline' }) {
  const link = usePaypalOnboardingLink();
  const [leaving, setLeaving] = useState(false);
  const go = async () => {
    try {
      const { url } = await link.mutateAsync();
      setLeaving(true);
      window.location.assign(url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'PayPal could not be reached. Please try again in a moment.');
    }
  };
  const busy = link.isPending || leaving;
  return (
    <Button type="button" variant={variant} onClick={() => void go()} disabled={busy} aria-busy={busy}>
      <ExternalLink aria-hidden="true" />
      {busy ? 'Opening PayPal...' : label}
    </Button>
  );
}

/** The connected PayPal account: who it is, whether it can take payments, and the way to finish or disconnect. */
export function PaypalMerchantSummary({ merchant, canManage }: { merchant: PaypalMerchant; canManage: boolean }) {
  const disconnect = useDisconnectPaypalMerchant();
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <div className="contents">
          <dt className="font-medium text-gray-700">PayPal account</dt>
          <dd className="min-w-0 break-all text-gray-900">{merchant.email ?? 'Email not shared by PayPal'}</dd>
        </div>
        <div className="contents">
          <dt className="font-medium text-gray-700">Merchant ID</dt>
          <dd className="font-mono text-gray-900">{merchant.merchantId}</dd>
        </div>
        {merchant.country && (
          <div className="contents">
            <dt className="font-medium text-gray-700">Country</dt>
            <dd className="text-gray-900">{merchant.country}</dd>
          </div>
        )}
        <div className="contents">
          <dt className="font-medium text-gray-700">Connected</dt>
          <dd className="text-gray-900">
            <time dateTime={merchant.connectedAt}>{dateTimeFormat.format(new Date(merchant.connectedAt))}</time>
          </dd>
        </div>
      </dl>
      {merchant.canTakePayments ? (
        <p className="flex gap-2 text-sm text-gray-700">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>Can take payments. Paid pages that offer PayPal are paid straight into this account.</span>
        </p>
      ) : (
        <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="flex gap-2">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            <span>
              PayPal cannot take payments for this account yet: it may still need you to confirm your email address or finish a
              step on PayPal. Paid pages with PayPal stay unpublished until then.
            </span>
          </p>
          {canManage && (
            <div>
              <PaypalOnboardingButton label="Finish setting up on PayPal" />
            </div>
          )}
        </div>
      )}
      {canManage && (
        <div>
          <ConfirmButton
            title="Disconnect PayPal?"
            description="Paid pages stop taking PayPal payments until you connect again. Payments already made stay in your dashboard, and buyers keep their downloads. You can also remove Lodestone's permissions in your PayPal account's settings."
            confirmLabel="Disconnect PayPal"
            pendingLabel="Disconnecting..."
            action={() => disconnect.mutateAsync()}
            successMessage="PayPal disconnected"
          >
            <Unplug aria-hidden="true" />
            Disconnect
          </ConfirmButton>
        </div>
      )}
    </div>
  );
}

/** The status badge of the PayPal card. */
export function PaypalMerchantBadge({ merchant }: { merchant: PaypalMerchant }) {
  return merchant.canTakePayments ? (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      Can take payments
    </Badge>
  ) : (
    <Badge variant="warning">Finish setting up on PayPal</Badge>
  );
}

/** How the owner's trip to PayPal ended, from `?paypal=connected` or `?paypal_error=` on the way back. */
export function PaypalReturnNotice() {
  const [outcome] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('paypal') === 'connected') return { ok: true as const };
    const error = params.get('paypal_error');
    if (error && error in PAYPAL_CONNECT_ERRORS)
      return { ok: false as const, message: PAYPAL_CONNECT_ERRORS[error as PaypalConnectError] };
    return undefined;
  });
  if (!outcome) return null;
  return outcome.ok ? (
    <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-3 py-2.5 text-sm text-green-900">
      Your PayPal account is connected.
    </p>
  ) : (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2.5 text-sm text-red-900">
      {outcome.message}
    </p>
  );
}

/** Said on every PayPal screen: no tax is calculated for PayPal payments. */
export function PaypalTaxNote() {
  return <p className="text-sm text-gray-600">{PAYPAL_TAX_NOTE}</p>;
}
