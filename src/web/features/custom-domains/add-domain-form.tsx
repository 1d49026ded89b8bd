import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ErrorCode } from '@/domain/api-errors';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { Link } from '@/web/lib/router';
import { useAddDomain } from './api.js';

/** "Add domain": a hostname, checked by the server (its errors under the field, the plan's limit included). */
export function AddDomainForm() {
  const add = useAddDomain();
  const [hostname, setHostname] = useState('');
  const [error, setError] = useState<{ message: string; planLimit: boolean } | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  return (
    <div>
      <form
        noValidate
        aria-label="Add a domain"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          setAdded(null);
          add.mutate(hostname, {
            onSuccess: (domain) => {
              setHostname('');
              setAdded(domain.hostname);
            },
            onError: (err) =>
              setError({
                message: (err instanceof ApiError && err.errors.hostname) || err.message,
                planLimit: err instanceof ApiError && err.code === ErrorCode.PLAN_LIMIT,
              }),
          });
        }}
      >
        <TextField
          id="domain-hostname"
          label="Domain"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          placeholder="offers.example.com"
          hint="A domain or subdomain you own, such as offers.example.com."
          value={hostname}
          onChange={(e) => setHostname(e.target.value)}
          error={error?.message}
        />
        <Button type="submit" className="sm:mt-6.5" disabled={add.isPending} aria-busy={add.isPending}>
          {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          Add domain
        </Button>
        {error?.planLimit && (
          <p className="text-sm sm:col-span-2">
            <Link to="/settings/billing" className="font-semibold text-indigo-700 underline underline-offset-4">
              Compare plans and upgrade
            </Link>
          </p>
        )}
      </form>
      {/* Always present (empty until something was added), so the news is announced when it comes. */}
      <p role="status" className="mt-3 text-sm text-emerald-800 empty:mt-0">
        {added && `${added} added. Create its two DNS records below, then press Verify now.`}
      </p>
    </div>
  );
}
