import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/web/lib/router';
import { API_KEY_SCOPES, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from '@/domain/api-keys';
import { FieldError, TextField } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useApiKeys, useCreateApiKey } from './api';
import { NewKeyDialog } from './new-key-dialog';
import { RevokeKeyButton } from './revoke-key-button';
import { formatMomentUs } from '@/domain/us-english';

const SCOPE_HINTS: Record<ApiKeyScope, string> = {
  read: 'Read: list and get pages, leads and exports',
  write: 'Write: create and change pages, erase leads, start exports',
};

/** Settings → Integrations → API keys: create (Business), list, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const allowed = keys.data?.allowed ?? false;

  const submit = () => {
    setErrors({});
    create.mutate(
      { name, scopes },
      {
        onSuccess: (key) => {
          setName('');
          setCreated(key);
        },
        onError: (err) =>
          setErrors(err instanceof ApiError && Object.keys(err.errors).length > 0 ? err.errors : { _: err.message }),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="api-keys-heading" className="grid gap-5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="api-keys-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <KeyRound aria-hidden="true" className="size-5 text-indigo-600" />
          API keys
        </h2>
        <p className="text-sm text-gray-600">
          Read your leads and manage your pages from your own systems with the{' '}
          <Link to="/docs/api-reference" className="font-medium text-indigo-700 underline underline-offset-4">
            REST API
          </Link>
          . Send a key as <code className="rounded bg-gray-100 px-1 text-xs">Authorization: Bearer lsk_…</code>.
        </p>
      </div>

      {keys.isPending ? (
        <Skeleton className="h-32" />
      ) : keys.isError ? (
        <ErrorState title="Could not load your API keys" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <>
          {!allowed && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {keys.data.planSentence}{' '}
              <Link to="/pricing" className="font-semibold underline underline-offset-4">
                See plans and pricing
              </Link>
            </p>
          )}
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (allowed) submit();
            }}
          >
            <TextField
              id="api-key-name"
              label="Key name"
              placeholder="e.g. CRM sync"
              value={name}
              maxLength={100}
              disabled={!allowed}
              onChange={(e) => setName(e.target.value)}
              error={errors.name}
            />
            <fieldset className="grid gap-2" disabled={!allowed}>
              <legend className="text-sm font-medium text-gray-900">Scopes</legend>
              {API_KEY_SCOPES.map((scope) => (
                <div key={scope} className="flex items-start gap-3">
                  <input
                    id={`api-key-scope-${scope}`}
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
                    checked={scopes.includes(scope)}
                    onChange={(e) =>
                      setScopes((current) => (e.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))
                    }
                  />
                  <label htmlFor={`api-key-scope-${scope}`} className="text-sm text-gray-700">
                    {SCOPE_HINTS[scope]}
                  </label>
                </div>
              ))}
              <FieldError id="api-key-scopes" error={errors.scopes} />
            </fieldset>
            <FieldError id="api-key-form" error={errors._} />
            <div>
              <Button type="submit" disabled={!allowed || create.isPending} aria-busy={create.isPending}>
                {create.isPending && <Spinner />}
                Create API key
              </Button>
            </div>
          </form>
          <KeyList items={keys.data.items} />
        </>
      )}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}

function KeyList({ items }: { items: ApiKeySummary[] }) {
  if (items.length === 0) return <p className="text-sm text-gray-600">No API keys yet.</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Your API keys">
      {items.map((key) => (
        <li key={key.id} className="flex flex-wrap items-start justify-between gap-3 p-3 sm:p-4">
          <div className="grid min-w-0 gap-1">
            <p className="flex flex-wrap items-center gap-2 font-medium break-all text-gray-900">
              {key.name}
              {key.revokedAt ? <Badge variant="danger">Revoked</Badge> : <Badge variant="success">Active</Badge>}
            </p>
            <p className="font-mono text-sm text-gray-700">{key.prefix}…</p>
            <p className="flex flex-wrap gap-1">
              {key.scopes.map((scope) => (
                <Badge key={scope} variant="info">
                  {scope}
                </Badge>
              ))}
            </p>
            <p className="text-xs text-gray-600">
              Created {formatMomentUs(key.createdAt)} · Last used {key.lastUsedAt ? formatMomentUs(key.lastUsedAt) : 'never'}
              {key.revokedAt && ` · Revoked ${formatMomentUs(key.revokedAt)}`}
            </p>
          </div>
          {!key.revokedAt && <RevokeKeyButton apiKey={key} />}
        </li>
      ))}
    </ul>
  );
}
