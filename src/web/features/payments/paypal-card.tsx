import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { paypalCredentialsSchema, type PaymentSettings, type PaypalCredentials, type PaypalMode } from '@/domain/payments';
import { useConnectPaypal } from './api';
import { ConnectionBadges, ConnectionSummary } from './connection-summary';
import { CredentialsForm, type CredentialField } from './credentials-form';
import {
  PaypalMerchantBadge,
  PaypalMerchantSummary,
  PaypalOnboardingButton,
  PaypalReturnNotice,
  PaypalTaxNote,
} from './paypal-connect';
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

export function PaypalCard({ paypal, canManage = true }: { paypal: PaymentSettings['paypal']; canManage?: boolean }) {
  const { connection, merchant, platform } = paypal;
  // With the platform, "Connect PayPal" is the way; pasted credentials are the advanced one, open once used.
  const pasted = <PastedCredentials paypal={paypal} connectLabel={platform ? 'Use this REST app' : undefined} />;
  return (
    <ProviderCard
      title="PayPal"
      description="Visitors pay with their PayPal account or a card through PayPal; the money goes to your own PayPal account."
      status={
        merchant ? (
          <PaypalMerchantBadge merchant={merchant} />
        ) : (
          <ConnectionBadges
            connected={connection !== null}
            mode={connection ? { label: MODE_LABELS[connection.mode], live: connection.mode === 'live' } : undefined}
          />
        )
      }
    >
      <PaypalReturnNotice />
      {platform ? (
        <>
          {merchant ? (
            <PaypalMerchantSummary merchant={merchant} canManage={canManage} />
          ) : (
            <div className="grid gap-3">
              <p className="text-sm text-gray-700">
                Press Connect PayPal, then log in to PayPal (or create a business account) and agree. PayPal brings you back here,
                and your paid pages can take PayPal payments.
              </p>
              {canManage && (
                <div>
                  <PaypalOnboardingButton label="Connect PayPal" />
                </div>
              )}
            </div>
          )}
          <PaypalTaxNote />
          <details
            className="group rounded-xl border border-gray-200 p-4 text-sm"
            open={connection !== null && merchant === null}
          >
            <summary className="cursor-pointer font-semibold text-gray-900">
              Advanced: use your own PayPal REST app instead
            </summary>
            <div className="mt-4 grid gap-6">
              {merchant && (
                <p className="text-sm text-gray-700">
                  The PayPal account connected above is used while it is connected; these credentials are used only after you
                  disconnect it.
                </p>
              )}
              {pasted}
            </div>
          </details>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            This Lodestone server is not set up to connect PayPal with one button, so you connect your own PayPal app instead: it
            takes about five minutes, in the three steps below.
          </p>
          <PaypalTaxNote />
          {pasted}
        </>
      )}
    </ProviderCard>
  );
}

/** The workspace's own REST app: the set-up steps, in order, and its credentials. */
function PastedCredentials({ paypal, connectLabel }: { paypal: PaymentSettings['paypal']; connectLabel?: string }) {
  const { connection } = paypal;
  const connect = useConnectPaypal();
  return (
    <>
      {connection ? (
        <ConnectionSummary
          connectedAt={connection.connectedAt}
          items={[
            { label: 'Client ID', value: connection.clientId },
            { label: 'Secret', value: connection.clientSecret },
            { label: 'Webhook ID', value: connection.webhookId },
          ]}
        />
      ) : null}

      <CardSection title="Set up">
        <SetupSteps>
          <li>
            <p>
              Log in to the PayPal Developer Dashboard (developer.paypal.com) with your PayPal business account, open Apps &amp;
              Credentials and create a REST app (or open the one you have).
            </p>
          </li>
          <li className="space-y-2">
            <p>In the app, under Webhooks, add a webhook with this URL and these events:</p>
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
        connectLabel={connectLabel}
      />
    </>
  );
}

/** Sandbox or Live: not a text input, so the form shows it above the others. */
function ModeField({ form }: { form: UseFormReturn<PaypalCredentials> }) {
  const mode = useWatch({ control: form.control, name: 'mode' });
  return <PaypalModeField value={mode} error={form.formState.errors.mode?.message} {...form.register('mode')} />;
}
