import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { paypalCredentialsSchema, type PaymentSettings, type PaypalCredentials } from '@/domain/payments';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { useConnectPaypal } from './api';
import { ConnectionBadges, ConnectionSummary } from './connection-summary';
import { DisconnectButton } from './disconnect-button';
import { PaypalModeField } from './paypal-mode-field';
import { CardSection, ProviderCard } from './provider-card';
import { SaveButton } from './save-button';
import { showSaveError } from './save-error';
import { PLAIN_INPUT_PROPS, SECRET_INPUT_PROPS } from './secret-input';
import { SetupSteps, WebhookEventList, WebhookUrlField } from './webhook-setup';

const FIELDS = ['clientId', 'clientSecret', 'webhookId', 'mode'] as const;
const MODE_LABELS = { sandbox: 'Sandbox', live: 'Live' } as const;

export function PaypalCard({ paypal }: { paypal: PaymentSettings['paypal'] }) {
  const { connection } = paypal;
  const connect = useConnectPaypal();
  const [formError, setFormError] = useState<string | null>(null);
  const empty = (mode: PaypalCredentials['mode']): PaypalCredentials => ({ clientId: '', clientSecret: '', webhookId: '', mode });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(paypalCredentialsSchema), defaultValues: empty(connection?.mode ?? 'sandbox') });

  const mode = useWatch({ control, name: 'mode' });

  const onSubmit = handleSubmit((credentials) => {
    setFormError(null);
    connect.mutate(credentials, {
      onSuccess: () => {
        reset(empty(credentials.mode));
        toast.success('PayPal connected');
      },
      onError: (error) => setFormError(showSaveError(error, FIELDS, setError)),
    });
  });

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

      <CardSection title={connection ? 'Update the credentials' : 'Credentials'}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {formError && <FormAlert>{formError}</FormAlert>}
          <PaypalModeField value={mode} error={errors.mode?.message} {...register('mode')} />
          <TextField
            id="paypal-client-id"
            label="Client ID"
            error={errors.clientId?.message}
            {...PLAIN_INPUT_PROPS}
            {...register('clientId')}
          />
          <TextField
            id="paypal-client-secret"
            label="Secret"
            error={errors.clientSecret?.message}
            {...SECRET_INPUT_PROPS}
            {...register('clientSecret')}
          />
          <TextField
            id="paypal-webhook-id"
            label="Webhook ID"
            error={errors.webhookId?.message}
            {...PLAIN_INPUT_PROPS}
            {...register('webhookId')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {connection && <DisconnectButton provider="paypal" disabled={connect.isPending} focusAfterId="paypal-client-id" />}
            <SaveButton pending={connect.isPending}>{connection ? 'Update PayPal' : 'Connect PayPal'}</SaveButton>
          </div>
        </form>
      </CardSection>
    </ProviderCard>
  );
}
