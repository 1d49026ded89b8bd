import { CircleCheck, Send, Unplug } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ErrorCode } from '@/domain/api-errors';
import { CONVERSION_DESTINATION_NAMES, CONVERSION_DESTINATIONS, type ConversionDestination } from '@/domain/conversions';
import type { ConversionConnection, ConversionTestResult } from '@/domain/conversions-api';
import { ConfirmButton } from '@/web/components/confirm-button';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import {
  type ConnectInput,
  useConnectConversions,
  useConversionSettings,
  useDisconnectConversions,
  useSendTestConversion,
} from './api';
import { formatWhen } from './format';
import { SendLog } from './send-log';

interface FieldSpec {
  key: string;
  label: string;
  placeholder: string;
  hint: string;
  /** The credential: never shown again, typed again to change the connection. */
  secret?: boolean;
  optional?: boolean;
}

const SETUP: Record<ConversionDestination, { description: string; accountLabel: string; fields: FieldSpec[] }> = {
  meta: {
    description: 'Send each Lead and Purchase to your Meta pixel through the Conversions API, as well as from the browser.',
    accountLabel: 'Pixel ID',
    fields: [
      {
        key: 'pixelId',
        label: 'Pixel (dataset) ID',
        placeholder: '123456789012345',
        hint: 'In Meta Events Manager: Data sources → your pixel → Settings.',
      },
      {
        key: 'accessToken',
        label: 'Conversions API access token',
        placeholder: 'EAAB…',
        hint: 'On the same Settings page: Conversions API → Generate access token.',
        secret: true,
      },
      {
        key: 'testEventCode',
        label: 'Test event code (optional)',
        placeholder: 'TEST12345',
        hint: 'Events Manager → Test events shows it. Only "Send test event" uses it.',
        optional: true,
      },
    ],
  },
  google: {
    description: 'Send each lead (generate_lead) and purchase to Google Analytics 4 through the Measurement Protocol.',
    accountLabel: 'Measurement ID',
    fields: [
      {
        key: 'measurementId',
        label: 'Measurement ID',
        placeholder: 'G-ABC123XYZ',
        hint: 'In Google Analytics: Admin → Data streams → your web stream.',
      },
      {
        key: 'apiSecret',
        label: 'Measurement Protocol API secret',
        placeholder: 'A1b2C3…',
        hint: 'On the same stream: Measurement Protocol API secrets → Create.',
        secret: true,
      },
    ],
  },
  tiktok: {
    description: 'Send each form submission and payment to your TikTok pixel through the Events API.',
    accountLabel: 'Pixel code',
    fields: [
      {
        key: 'pixelCode',
        label: 'Pixel code',
        placeholder: 'C4ABCDEFGHIJ1234KLMN',
        hint: 'In TikTok Events Manager: your web pixel → Settings.',
      },
      {
        key: 'accessToken',
        label: 'Events API access token',
        placeholder: 'Your access token',
        hint: 'On the same Settings page: Events API → Generate access token.',
        secret: true,
      },
      {
        key: 'testEventCode',
        label: 'Test event code (optional)',
        placeholder: 'TEST12345',
        hint: 'Events Manager → Test events shows it. Only "Send test event" uses it.',
        optional: true,
      },
    ],
  },
};

/**
 * /settings/integrations: connect Meta's Conversions API, GA4's Measurement Protocol and TikTok's
 * Events API (docs/decisions/0088), try each with a test event, and read what was sent.
 */
export function ConversionsSection() {
  const settings = useConversionSettings();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-gray-900">
          Conversions
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Lodestone&apos;s server sends each confirmed lead and each payment to your ad platforms, for visitors who accept
          marketing on your page&apos;s consent notice. Each event carries the same id as your pixel&apos;s in the browser, so it
          is counted once.
        </p>
      </div>
      {settings.isError ? (
        <ErrorState
          title="Could not load your conversions settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      ) : !settings.data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="grid gap-4">
          {CONVERSION_DESTINATIONS.map((destination) => (
            <DestinationCard key={destination} destination={destination} connection={settings.data[destination]} />
          ))}
        </div>
      )}
    </section>
  );
}

function DestinationCard({
  destination,
  connection,
}: {
  destination: ConversionDestination;
  connection: ConversionConnection | null;
}) {
  const name = CONVERSION_DESTINATION_NAMES[destination];
  const setup = SETUP[destination];
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col" data-testid={`conversions-${destination}`}>
      <div className="flex flex-col gap-1.5 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold text-gray-900">
            {name}
          </h3>
          {connection ? (
            <Badge variant="success">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              Connected
            </Badge>
          ) : (
            <Badge variant="neutral">Not connected</Badge>
          )}
        </div>
        <p className="text-sm text-gray-600">{setup.description}</p>
      </div>
      <div className="grid gap-4 border-t border-gray-200 p-4 sm:p-6">
        {connection && (
          <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-medium text-gray-700">{setup.accountLabel}</dt>
            <dd className="font-mono break-all text-gray-900">{connection.accountId}</dd>
            <dt className="font-medium text-gray-700">{destination === 'google' ? 'API secret' : 'Access token'}</dt>
            <dd className="font-mono break-all text-gray-900">{connection.maskedCredential}</dd>
            {destination !== 'google' && (
              <>
                <dt className="font-medium text-gray-700">Test event code</dt>
                <dd className="font-mono break-all text-gray-900">{connection.testEventCode ?? '—'}</dd>
              </>
            )}
            <dt className="font-medium text-gray-700">Connected on</dt>
            <dd className="text-gray-900">
              <time dateTime={connection.connectedAt}>{formatWhen(connection.connectedAt)}</time>
            </dd>
          </dl>
        )}
        <ConnectForm destination={destination} connection={connection} />
        {connection && <TestEvent destination={destination} />}
        {connection && <SendLog destination={destination} />}
      </div>
    </Card>
  );
}

const initialValues = (destination: ConversionDestination, connection: ConversionConnection | null) =>
  Object.fromEntries(
    SETUP[destination].fields.map((f) => [
      f.key,
      f.secret ? '' : f.key === 'testEventCode' ? (connection?.testEventCode ?? '') : (connection?.accountId ?? ''),
    ]),
  );

function ConnectForm({
  destination,
  connection,
}: {
  destination: ConversionDestination;
  connection: ConversionConnection | null;
}) {
  const name = CONVERSION_DESTINATION_NAMES[destination];
  const connect = useConnectConversions(destination);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(destination, connection));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A failure that is not a field's (the network, the server): shown by the button, not in a toast.
  const [failure, setFailure] = useState<string | null>(null);
  const idOf = (key: string) => `${destination}-${key}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const missing = Object.fromEntries(
      SETUP[destination].fields
        .filter((f) => !f.optional && !values[f.key]?.trim())
        .map((f) => [f.key, `Enter the ${f.label.toLowerCase()}`]),
    );
    setErrors(missing);
    const first = Object.keys(missing)[0];
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    connect.mutate(values as unknown as ConnectInput[typeof destination], {
      onSuccess: (settings) => {
        setValues(initialValues(destination, settings[destination]));
        toast.success(connection ? `${name} updated` : `${name} connected`);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === ErrorCode.VALIDATION_ERROR && Object.keys(err.errors).length > 0) {
          setErrors(err.errors);
          const key = SETUP[destination].fields.find((f) => err.errors[f.key])?.key;
          if (key) document.getElementById(idOf(key))?.focus();
        } else setFailure(err.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={`${name} connection`}>
      <div className="grid items-start gap-4 md:grid-cols-2">
        {SETUP[destination].fields.map((field) => (
          <TextField
            key={field.key}
            id={idOf(field.key)}
            label={field.label}
            placeholder={field.placeholder}
            hint={field.secret && connection ? `${field.hint} Enter it again to change this connection.` : field.hint}
            error={errors[field.key]}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            value={values[field.key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
          />
        ))}
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {connection && <DisconnectButton destination={destination} focusAfterId={idOf(SETUP[destination].fields[0]!.key)} />}
        <Button type="submit" disabled={connect.isPending} aria-busy={connect.isPending}>
          {connect.isPending && <Spinner />}
          {connection ? `Update ${name}` : `Connect ${name}`}
        </Button>
      </div>
    </form>
  );
}

function DisconnectButton({ destination, focusAfterId }: { destination: ConversionDestination; focusAfterId: string }) {
  const disconnect = useDisconnectConversions(destination);
  const name = CONVERSION_DESTINATION_NAMES[destination];
  return (
    <ConfirmButton
      title={`Disconnect ${name}?`}
      description={`Lodestone deletes the ${name} credential it stores and sends no more conversions to ${name}; events still waiting are not sent. Your pages' consent notice stops naming ${name}.`}
      confirmLabel={`Disconnect ${name}`}
      pendingLabel="Disconnecting..."
      action={() => disconnect.mutateAsync(undefined)}
      successMessage={`${name} disconnected`}
      onDone={() => document.getElementById(focusAfterId)?.focus()}
    >
      <Unplug aria-hidden="true" />
      Disconnect
    </ConfirmButton>
  );
}

function TestEvent({ destination }: { destination: ConversionDestination }) {
  const test = useSendTestConversion(destination);
  const [result, setResult] = useState<ConversionTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = () => {
    setResult(null);
    setFailure(null);
    test.mutate(undefined, {
      onSuccess: setResult,
      onError: (err) => setFailure(err instanceof ApiError ? (err.errors.testEventCode ?? err.message) : err.message),
    });
  };
  return (
    <div className="grid gap-3 rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h4 className="text-sm font-semibold text-gray-900">Test event</h4>
          <p className="text-sm text-gray-600">
            {destination === 'google'
              ? 'Checks a test lead with Google’s validation server; nothing is recorded in your reports.'
              : 'Sends a test lead with your test event code; it shows under Test events and counts as no real lead.'}
          </p>
        </div>
        <Button variant="outline" onClick={send} disabled={test.isPending} aria-busy={test.isPending}>
          {test.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Send test event
        </Button>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      {result && (
        <FormAlert tone={result.ok ? 'success' : 'error'}>
          <p>
            {result.ok ? 'Accepted' : 'Not accepted'}
            {result.status !== null && ` (HTTP ${result.status})`}: {result.message}
          </p>
          {result.validationMessages.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {result.validationMessages.map((m) => (
                <li key={`${m.fieldPath}-${m.validationCode}`}>
                  <code className="font-mono">{m.fieldPath || 'request'}</code>: {m.description}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 break-all text-xs">Event id: {result.eventId}</p>
        </FormAlert>
      )}
    </div>
  );
}
