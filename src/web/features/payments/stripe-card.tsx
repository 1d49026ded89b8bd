import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { stripeCredentialsSchema, type PaymentSettings, type StripeCredentials } from '@/domain/payments';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { useConnectStripe } from './api';
import { ConnectionBadges, ConnectionSummary } from './connection-summary';
import { DisconnectButton } from './disconnect-button';
import { CardSection, ProviderCard } from './provider-card';
import { SaveButton } from './save-button';
import { showSaveError } from './save-error';
import { SECRET_INPUT_PROPS } from './secret-input';
import { SetupSteps, WebhookEventList, WebhookUrlField } from './webhook-setup';

const FIELDS = ['secretKey', 'webhookSecret'] as const;
const EMPTY: StripeCredentials = { secretKey: '', webhookSecret: '' };

export function StripeCard({ stripe }: { stripe: PaymentSettings['stripe'] }) {
  const { connection } = stripe;
  const connect = useConnectStripe();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(stripeCredentialsSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((credentials) => {
    setFormError(null);
    connect.mutate(credentials, {
      onSuccess: () => {
        reset(EMPTY);
        toast.success('Stripe connected');
      },
      onError: (error) => setFormError(showSaveError(error, FIELDS, setError)),
    });
  });

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

      <CardSection title={connection ? 'Update the credentials' : 'Credentials'}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextField
            id="stripe-secret-key"
            label="Secret key"
            placeholder="sk_live_…"
            hint="Test mode keys (sk_test_…) take no real money; live keys (sk_live_…) do."
            error={errors.secretKey?.message}
            {...SECRET_INPUT_PROPS}
            {...register('secretKey')}
          />
          <TextField
            id="stripe-webhook-secret"
            label="Webhook signing secret"
            placeholder="whsec_…"
            error={errors.webhookSecret?.message}
            {...SECRET_INPUT_PROPS}
            {...register('webhookSecret')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {connection && <DisconnectButton provider="stripe" disabled={connect.isPending} focusAfterId="stripe-secret-key" />}
            <SaveButton pending={connect.isPending}>{connection ? 'Update Stripe' : 'Connect Stripe'}</SaveButton>
          </div>
        </form>
      </CardSection>
    </ProviderCard>
  );
}
