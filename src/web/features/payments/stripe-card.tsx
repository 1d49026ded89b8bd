import { zodResolver } from '@hookform/resolvers/zod';
import { stripeCredentialsSchema, type PaymentSettings, type StripeCredentials } from '@/domain/payments';
import { useConnectStripe } from './api';
import { ConnectionBadges, ConnectionSummary } from './connection-summary';
import { CredentialsForm, type CredentialField } from './credentials-form';
import { CardSection, ProviderCard } from './provider-card';
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

export function StripeCard({ stripe }: { stripe: PaymentSettings['stripe'] }) {
  const { connection } = stripe;
  const connect = useConnectStripe();

  return (
    <ProviderCard
      title="Stripe"
      description="Visitors pay by card on Stripe Checkout; the money goes to your own Stripe account."
      status={
        <ConnectionBadges
          connected={connection !== null}
          mode={connection ? { label: connection.livemode ? 'Live mode' : 'Test mode', live: connection.livemode } : undefined}
        />
      }
    >
      {connection ? (
        <ConnectionSummary
          connectedAt={connection.connectedAt}
          items={[
            { label: 'Secret key', value: connection.secretKey },
            { label: 'Webhook signing secret', value: connection.webhookSecret },
          ]}
        />
      ) : (
        <p className="text-sm text-gray-700">Not connected. Paid pages cannot offer Stripe until you connect your account.</p>
      )}

      <CardSection title="Set up">
        <SetupSteps>
          <li className="space-y-2">
            <p>In the Stripe Dashboard → Developers → Webhooks, add an endpoint with this URL:</p>
            <WebhookUrlField id="stripe-webhook-url" url={stripe.webhookUrl} providerName="Stripe" />
          </li>
          <li className="space-y-2">
            <p>Select these events:</p>
            <WebhookEventList events={stripe.events} label="Stripe events to select" />
          </li>
          <li>
            <p>
              Then paste the endpoint&apos;s signing secret below (whsec_…, shown on the endpoint&apos;s page), with your secret
              key from Developers → API keys.
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
    </ProviderCard>
  );
}
