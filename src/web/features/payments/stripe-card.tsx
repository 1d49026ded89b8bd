import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, ExternalLink, Unplug } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { stripeCredentialsSchema, type PaymentSettings, type StripeCredentials } from '@/domain/payments';
import { ConfirmButton } from '@/web/components/confirm-button';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useConnectStripe } from './api';
import { ConnectionBadges, ConnectionSummary } from './connection-summary';
import { CredentialsForm, type CredentialField } from './credentials-form';
import { CardSection, ProviderCard } from './provider-card';
import { useDisconnectStripeAccount, useRefreshStripeAccount, useStripeOnboarding } from './stripe-connect-api';
import { SetupSteps, WebhookEventList, WebhookUrlField } from './webhook-setup';

const EMPTY: StripeCredentials = { secretKey: '', webhookSecret: '' };
const FIELDS: [CredentialField<StripeCredentials>, ...CredentialField<StripeCredentials>[]] = [
  {
    name: 'secretKey',
    id: 'stripe-secret-key',
    label: 'Secret key',
    secret: true,
    placeholder: 'sk_live_…',
    hint: 'Test mode keys (sk_test_…) take no real money; live keys (sk_live_…) do.',
  },
  { name: 'webhookSecret', id: 'stripe-webhook-secret', label: 'Webhook signing secret', secret: true, placeholder: 'whsec_…' },
];

type StripeSettings = PaymentSettings['stripe'];

export function StripeCard({ stripe }: { stripe: StripeSettings }) {
  const { connection, account, platform } = stripe;
  const connected = account !== null || connection !== null;

  return (
    <ProviderCard
      title="Stripe"
      description="Visitors pay by card on Stripe Checkout; the money goes to your own Stripe account."
      status={
        account ? (
          <AccountBadge chargesEnabled={account.chargesEnabled} />
        ) : (
          <ConnectionBadges
            connected={connected}
            mode={connection ? { label: connection.livemode ? 'Live mode' : 'Test mode', live: connection.livemode } : undefined}
          />
        )
      }
    >
      {platform ? (
        <>
          <ConnectedAccount stripe={stripe} />
          {/* Own keys stay possible, behind the connected way; a connected account wins over them. */}
          <details className="group rounded-xl border border-gray-200 p-4 text-sm" open={connection !== null && account === null}>
            <summary className="cursor-pointer font-semibold text-gray-900">Advanced: use your own Stripe keys</summary>
            <div className="mt-4 grid gap-6">
              <p className="text-gray-700">
                {account
                  ? 'Your connected account is used while it is connected; keys entered here are used only without it.'
                  : 'Only if you would rather not connect with the button above: Lodestone then uses your keys directly.'}
              </p>
              <OwnKeys stripe={stripe} />
            </div>
          </details>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            This Lodestone server connects to Stripe with your own keys. It takes about five minutes, in this order:
          </p>
          <OwnKeys stripe={stripe} />
        </>
      )}
    </ProviderCard>
  );
}

function AccountBadge({ chargesEnabled }: { chargesEnabled: boolean }) {
  return chargesEnabled ? (
    <Badge variant="success">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      Can take payments
    </Badge>
  ) : (
    <Badge variant="warning">
      <CircleAlert aria-hidden="true" className="size-3.5" />
      Not yet able to take payments
    </Badge>
  );
}

/** The account connected through Lodestone, or the button that connects one. */
function ConnectedAccount({ stripe }: { stripe: StripeSettings }) {
  const onboarding = useStripeOnboarding();
  const refresh = useRefreshStripeAccount();
  const disconnect = useDisconnectStripeAccount();
  const { account } = stripe;

  // Back from Stripe's onboarding (or its expired link): read the account's state, once, and tidy the address.
  const returned = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (returned.current || !params.has('stripe')) return;
    returned.current = true;
    params.delete('stripe');
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    refresh.mutate();
  }, [refresh]);

  if (!account) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-gray-700">
          Connect your Stripe account (or create one) on Stripe&apos;s own pages. You come back here when it is done; no keys to
          copy.
        </p>
        <div>
          <Button type="button" onClick={() => onboarding.mutate()} disabled={onboarding.isPending}>
            <ExternalLink aria-hidden="true" />
            {onboarding.isPending ? 'Opening Stripe...' : 'Connect with Stripe'}
          </Button>
        </div>
        {onboarding.isError && (
          <p role="alert" className="text-sm text-red-700">
            {onboarding.error.message}
          </p>
        )}
      </div>
    );
  }

  const label = account.name ?? account.email ?? 'Your Stripe account';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-900">
        Connected: <strong>{label}</strong> <span className="font-mono text-gray-600">({account.accountId})</span>
      </p>
      <p className="text-sm text-gray-700" role="status">
        {refresh.isPending
          ? 'Checking your account with Stripe...'
          : account.chargesEnabled
            ? 'Can take payments. Your paid pages charge through this account.'
            : 'Not yet able to take payments. Stripe needs a few more details before your pages can charge.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {!account.chargesEnabled && (
          <Button type="button" onClick={() => onboarding.mutate()} disabled={onboarding.isPending}>
            <ExternalLink aria-hidden="true" />
            {onboarding.isPending ? 'Opening Stripe...' : 'Finish setting up on Stripe'}
          </Button>
        )}
        <ConfirmButton
          title="Disconnect Stripe?"
          description="Your paid pages stop taking payments with Stripe at once. Past orders stay in Lodestone and in your Stripe account, which stays yours."
          confirmLabel="Disconnect Stripe"
          pendingLabel="Disconnecting..."
          action={() => disconnect.mutateAsync()}
          successMessage="Stripe disconnected"
        >
          <Unplug aria-hidden="true" />
          Disconnect
        </ConfirmButton>
      </div>
      {onboarding.isError && (
        <p role="alert" className="text-sm text-red-700">
          {onboarding.error.message}
        </p>
      )}
    </div>
  );
}

/** Your own keys: the webhook to create, the events to tick, the keys to paste, in that order. */
function OwnKeys({ stripe }: { stripe: StripeSettings }) {
  const connect = useConnectStripe();
  const { connection } = stripe;
  return (
    <>
      {connection && (
        <ConnectionSummary
          connectedAt={connection.connectedAt}
          items={[
            { label: 'Secret key', value: connection.secretKey },
            { label: 'Webhook signing secret', value: connection.webhookSecret },
          ]}
        />
      )}

      <CardSection title="Set up">
        <SetupSteps>
          <li className="space-y-2">
            <p>
              In the Stripe Dashboard, open Developers → Webhooks and press &quot;Add endpoint&quot;. Paste this address as the
              endpoint URL:
            </p>
            <WebhookUrlField id="stripe-webhook-url" url={stripe.webhookUrl} providerName="Stripe" />
          </li>
          <li className="space-y-2">
            <p>Under &quot;Select events&quot;, tick these five, then save the endpoint:</p>
            <WebhookEventList events={stripe.events} label="Stripe events to select" />
          </li>
          <li>
            <p>
              On the endpoint&apos;s page, reveal its signing secret (whsec_…) and paste it below. Then open Developers → API
              keys, copy your secret key (sk_…) and paste it too. Press Save: Lodestone checks the key with Stripe.
            </p>
          </li>
        </SetupSteps>
      </CardSection>

      <CredentialsForm
        provider="stripe"
        connected={connection !== null}
        connect={connect}
        resolver={zodResolver(stripeCredentialsSchema)}
        defaultValues={EMPTY}
        fields={FIELDS}
      />
    </>
  );
}
