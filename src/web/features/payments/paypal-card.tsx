import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { paypalCredentialsSchema, type PaymentSettings, type PaypalCredentials, type PaypalMode } from '@/domain/payments';
import { useConnectPaypal } from './api';
import { ConnectionBadges, ConnectionSummary } from './connection-summary';
import { CredentialsForm, type CredentialField } from './credentials-form';
import { PaypalModeField } from './paypal-mode-field';
import { CardSection, ProviderCard } from './provider-card';
import { SetupSteps, WebhookEventList, WebhookUrlField } from './webhook-setup';

const MODE_LABELS = { sandbox: 'Sandbox', live: 'Live' } as const;
const FIELDS: [CredentialField<PaypalCredentials>, ...CredentialField<PaypalCredentials>[]] = [
  { name: 'clientId', id: 'paypal-client-id', label: 'Client ID' },
  { name: 'clientSecret', id: 'paypal-client-secret', label: 'Secret', secret: true },
  { name: 'webhookId', id: 'paypal-webhook-id', label: 'Webhook ID' },
];
const empty = (mode: PaypalMode): PaypalCredentials => ({ clientId: '', clientSecret: '', webhookId: '', mode });

export function PaypalCard({ paypal }: { paypal: PaymentSettings['paypal'] }) {
  const { connection } = paypal;
  const connect = useConnectPaypal();

  return (
    <ProviderCard
      title="PayPal"
      description="Visitors pay with their PayPal account or a card through PayPal; the money goes to your own PayPal account."
      status={
        <ConnectionBadges
          connected={connection !== null}
          mode={connection ? { label: MODE_LABELS[connection.mode], live: connection.mode === 'live' } : undefined}
        />
      }
    >
      {connection ? (
        <ConnectionSummary
          connectedAt={connection.connectedAt}
          items={[
            { label: 'Client ID', value: connection.clientId },
            { label: 'Secret', value: connection.clientSecret },
            { label: 'Webhook ID', value: connection.webhookId },
          ]}
        />
      ) : (
        <p className="text-sm text-gray-700">Not connected. Paid pages cannot offer PayPal until you connect your account.</p>
      )}

      <CardSection title="Set up">
        <SetupSteps>
          <li className="space-y-2">
            <p>
              In the PayPal Developer Dashboard → Apps &amp; Credentials → your REST app → Webhooks, add a webhook with this URL
              and these events:
            </p>
            <WebhookUrlField id="paypal-webhook-url" url={paypal.webhookUrl} providerName="PayPal" />
            <WebhookEventList events={paypal.events} label="PayPal events to select" />
          </li>
          <li>
            <p>
              Then paste the app&apos;s Client ID and Secret and the new webhook&apos;s ID below, and choose Sandbox or Live to
              match the app.
            </p>
          </li>
        </SetupSteps>
      </CardSection>

      <CredentialsForm
        provider="paypal"
        connected={connection !== null}
        connect={connect}
        resolver={zodResolver(paypalCredentialsSchema)}
        defaultValues={empty(connection?.mode ?? 'sandbox')}
        valuesAfterSave={(saved) => empty(saved.mode)}
        fields={FIELDS}
        renderBefore={(form) => <ModeField form={form} />}
      />
    </ProviderCard>
  );
}

/** Sandbox or Live: not a text input, so the form shows it above the others. */
function ModeField({ form }: { form: UseFormReturn<PaypalCredentials> }) {
  const mode = useWatch({ control: form.control, name: 'mode' });
  return <PaypalModeField value={mode} error={form.formState.errors.mode?.message} {...form.register('mode')} />;
}
