import { CircleCheck, Unplug } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { ErrorCode } from '@/domain/api-errors';
import { EMAIL_TOOL_NAMES, type EmailToolConnection, type EmailToolProvider } from '@/domain/email-tools';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { ConfirmButton } from '@/web/components/confirm-button';
import { ApiError } from '@/web/lib/api';
import { useConnectEmailTool, useDisconnectEmailTool, useEmailToolsSettings } from './api';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const WHERE_IS_THE_KEY: Record<EmailToolProvider, { placeholder: string; hint: string; description: string }> = {
  mailchimp: {
    placeholder: '0123456789abcdef…-us21',
    hint: 'In Mailchimp: Profile → Extras → API keys → Create a key. Copy the whole key, with its -us… ending.',
    description: 'Add each confirmed lead to a Mailchimp audience, with its name, answers and tags.',
  },
  kit: {
    placeholder: 'kit_…',
    hint: 'In Kit: Settings → Developer → API keys → Add a new key (a v4 API key).',
    description: 'Add each confirmed lead to a Kit form and tags, with its first name and answers.',
  },
};

/** /settings/integrations: connect Mailchimp and Kit with an API key; each page picks where its leads go. */
export function EmailToolsSection() {
  const settings = useEmailToolsSettings();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-gray-900">
          Email tools
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Connect your email tool here, then choose the audience, form or tags for each page on its analytics screen (Dashboard →
          the page → Email tools). Each confirmed lead is sent there by itself.
        </p>
      </div>
      {settings.isError ? (
        <ErrorState
          title="Could not load your email tools"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      ) : !settings.data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {(['mailchimp', 'kit'] as const).map((provider) => (
            <EmailToolCard key={provider} provider={provider} connection={settings.data[provider].connection} />
          ))}
        </div>
      )}
    </section>
  );
}

function EmailToolCard({ provider, connection }: { provider: EmailToolProvider; connection: EmailToolConnection | null }) {
  const name = EMAIL_TOOL_NAMES[provider];
  const headingId = useId();
  const inputId = `${provider}-api-key`;
  const connect = useConnectEmailTool(provider);
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A failure that is not the key's (the tool out of reach, the network): shown by the button, not in a toast.
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFailure(null);
    if (apiKey.trim().length < 8) {
      setError(`Enter your ${name} API key`);
      return;
    }
    connect.mutate(apiKey, {
      onSuccess: () => {
        setApiKey('');
        toast.success(`${name} connected`);
      },
      onError: (err) => {
        if (err instanceof ApiError && (err.code === ErrorCode.PROVIDER_REJECTED || err.code === ErrorCode.VALIDATION_ERROR))
          setError(err.errors.apiKey ?? err.message);
        else setFailure(err.message);
      },
    });
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col">
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
        <p className="text-sm text-gray-600">{WHERE_IS_THE_KEY[provider].description}</p>
      </div>
      <div className="grid gap-4 border-t border-gray-200 p-4 sm:p-6">
        {connection && (
          <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-medium text-gray-700">Account</dt>
            <dd className="min-w-0 break-words text-gray-900">{connection.accountName || '—'}</dd>
            <dt className="font-medium text-gray-700">API key</dt>
            <dd className="font-mono break-all text-gray-900">{connection.maskedKey}</dd>
            <dt className="font-medium text-gray-700">Connected on</dt>
            <dd className="text-gray-900">
              <time dateTime={connection.connectedAt}>{dateTimeFormat.format(new Date(connection.connectedAt))}</time>
            </dd>
          </dl>
        )}
        <form noValidate onSubmit={submit} className="grid gap-4">
          <TextField
            id={inputId}
            label={connection ? 'New API key' : 'API key'}
            placeholder={WHERE_IS_THE_KEY[provider].placeholder}
            hint={WHERE_IS_THE_KEY[provider].hint}
            error={error ?? undefined}
            type="password"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
          {failure && <FormAlert>{failure}</FormAlert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {connection && <DisconnectButton provider={provider} focusAfterId={inputId} />}
            <Button type="submit" disabled={connect.isPending} aria-busy={connect.isPending}>
              {connect.isPending && <Spinner />}
              {connection ? `Update ${name}` : `Connect ${name}`}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}

function DisconnectButton({ provider, focusAfterId }: { provider: EmailToolProvider; focusAfterId: string }) {
  const disconnect = useDisconnectEmailTool(provider);
  const name = EMAIL_TOOL_NAMES[provider];
  return (
    <ConfirmButton
      title={`Disconnect ${name}?`}
      description={`Lodestone deletes the ${name} API key it stores and stops sending new leads to ${name}. Your pages keep their choice of audience, form and tags, and leads already sent stay in ${name}.`}
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
