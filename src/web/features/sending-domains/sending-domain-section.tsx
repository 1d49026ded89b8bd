import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { DnsCheckPanel } from '@/web/components/dns-check-panel';
import type { SendingDomainView } from '@/domain/sending-domains';
import { can } from '@/domain/team';
import { ConfirmButton } from '@/web/components/confirm-button';
import { DnsRecordsTable } from '@/web/components/dns-records-table';
import { FieldError, TextField } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useMe } from '@/web/features/team';
import { ApiError } from '@/web/lib/api';
import { useAddSendingDomain, useRemoveSendingDomain, useSendingDomain, useSetLocalPart, useVerifySendingDomain } from './api.js';
import { checkLines, STATUS_BADGES, statusExplanation, verifyOutcome } from './sending-domain-words.js';
import { formatMomentUs } from '@/domain/us-english';

/**
 * The workspace's sending domain on the Domains screen: adding one, its DNS records, its checks, the
 * address visitors' emails come from, and removing it.
 */
export function SendingDomainSection() {
  const query = useSendingDomain();
  const me = useMe();
  if (query.isPending || me.isPending) return <Skeleton className="h-48" />;
  if (query.isError)
    return <ErrorState title="Could not load your sending domain" error={query.error} onRetry={() => void query.refetch()} />;
  const manages = me.data ? can(me.data.workspace.role, 'manageWorkspace') : false;
  const { domain, spfInclude } = query.data;
  return (
    <Card role="region" aria-labelledby="sending-domain-heading" className="grid min-w-0 gap-5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="sending-domain-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Mail aria-hidden="true" className="size-5 text-indigo-600" />
          Sending domain
        </h2>
        <p className="text-sm text-gray-600">
          Send the emails your visitors get (the confirmation code, the download link, the receipt) from an address at a domain of
          yours, such as hello@mail.yourbrand.com, signed so that inboxes can tell they are really from you. Until it is verified,
          they come from Lodestone’s address with your sender name, as now. Replies go to your reply-to address either way.
        </p>
      </div>
      {domain ? (
        <SendingDomainDetails domain={domain} spfInclude={spfInclude} manages={manages} />
      ) : manages ? (
        <AddSendingDomainForm />
      ) : (
        <p className="text-sm text-gray-600">Only the workspace’s owners and admins can add a sending domain.</p>
      )}
    </Card>
  );
}

/** "Add sending domain": a domain name, checked by the server (its errors under the field). */
function AddSendingDomainForm() {
  const add = useAddSendingDomain();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      aria-label="Add a sending domain"
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        add.mutate(name, {
          onSuccess: () => setName(''),
          onError: (err) => setError((err instanceof ApiError && err.errors.domain) || err.message),
        });
      }}
    >
      <TextField
        id="sending-domain-name"
        label="Domain"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        placeholder="mail.example.com"
        hint="A domain or subdomain whose DNS you manage. A subdomain such as mail.example.com keeps these records apart from your own email’s."
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <Button type="submit" className="sm:mt-6.5" disabled={add.isPending} aria-busy={add.isPending}>
        {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
        Add sending domain
      </Button>
    </form>
  );
}

type DetailsProps = { domain: SendingDomainView; spfInclude: string; manages: boolean };

function SendingDomainDetails({ domain, spfInclude, manages }: DetailsProps) {
  const badge = STATUS_BADGES[domain.status];
  const { dkim, spf, dmarc } = domain.records;
  return (
    <>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h3 className="min-w-0 text-base font-semibold break-all text-gray-900">{domain.domain}</h3>
          <Badge variant={badge.tone} className="whitespace-normal">
            {badge.label}
          </Badge>
        </div>
        <p className="text-sm text-gray-700">{statusExplanation(domain, manages)}</p>
      </div>

      <FromAddressField key={domain.id} domain={domain} manages={manages} />

      <div className="grid gap-2">
        <h3 id="sending-domain-records" className="text-sm font-semibold text-gray-900">
          DNS records for {domain.domain}
        </h3>
        <DnsRecordsTable
          labelledBy="sending-domain-records"
          rows={[
            { type: 'TXT', label: 'DKIM', name: dkim.name, value: dkim.value },
            { type: 'TXT', label: 'SPF', name: spf.name, value: spf.value },
          ]}
        />
        {spf.replaces ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {domain.domain} already has an SPF record, <code className="font-mono text-xs break-all">{spf.replaces}</code>. A
            domain may have only one: edit that record so that it holds the SPF value above, which adds{' '}
            <code className="font-mono text-xs">include:{spfInclude}</code> to it.
          </p>
        ) : (
          <p className="text-xs text-gray-600">
            If {domain.domain} already has a TXT record starting with v=spf1, do not add a second one: add{' '}
            <code className="font-mono">include:{spfInclude}</code> to it, before its last term. Some DNS providers split the long
            DKIM value in several strings by themselves; that is fine.
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 id="sending-domain-dmarc" className="text-sm font-semibold text-gray-900">
          Suggested: a DMARC record
        </h3>
        <p className="text-sm text-gray-600">
          Not needed to send, and not checked. It tells inboxes what to do with mail that claims to come from {domain.domain}{' '}
          without being signed, and where to send reports: change the address after rua= to a mailbox you read. If {domain.domain}{' '}
          or its parent domain has a DMARC record already, keep that one.
        </p>
        <DnsRecordsTable
          labelledBy="sending-domain-dmarc"
          rows={[{ type: 'TXT', label: 'DMARC', name: dmarc.name, value: dmarc.value }]}
        />
      </div>

      <VerifyArea domain={domain} spfInclude={spfInclude} manages={manages} />

      {manages && (
        <div className="border-t border-gray-200 pt-4">
          <RemoveSendingDomainButton domain={domain} />
        </div>
      )}
    </>
  );
}

/** The address visitors' emails come from: its part before the @ is the owner's to choose. */
function FromAddressField({ domain, manages }: { domain: SendingDomainView; manages: boolean }) {
  const setLocalPart = useSetLocalPart();
  const [value, setValue] = useState(domain.localPart);
  const [error, setError] = useState<string | undefined>();
  const id = 'sending-domain-local-part';
  if (!manages)
    return (
      <p className="text-sm text-gray-700">
        <span className="font-medium text-gray-900">From address:</span> {domain.fromAddress}
      </p>
    );
  return (
    <form
      noValidate
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        setLocalPart.mutate(
          { id: domain.id, localPart: value },
          {
            onSuccess: (saved) => setValue(saved.localPart),
            onError: (err) => setError((err instanceof ApiError && err.errors.localPart) || err.message),
          },
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        From address
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-w-0 items-center gap-1.5">
          <Input
            id={id}
            className="w-40"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <span className="min-w-0 text-sm break-all text-gray-700">@{domain.domain}</span>
        </div>
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={setLocalPart.isPending || value.trim().toLowerCase() === domain.localPart}
          aria-busy={setLocalPart.isPending}
        >
          {setLocalPart.isPending && <Spinner />}
          Save
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        Shown beside your sender name once the domain is verified. It need not be a mailbox: replies go to your reply-to address.
      </p>
      <FieldError id={id} error={error} />
    </form>
  );
}

/** The last check, record by record, and "Verify now": its outcome is announced (a live region). */
function VerifyArea({ domain, spfInclude, manages }: DetailsProps) {
  const verify = useVerifySendingDomain();
  const [outcome, setOutcome] = useState<{ text: string; good: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = domain.lastCheck;
  const run = () => {
    setOutcome(null);
    setError(null);
    verify.mutate(domain.id, {
      onSuccess: (checked) => setOutcome({ text: verifyOutcome(checked, spfInclude), good: checked.status === 'verified' }),
      onError: (err) => setError(err.message),
    });
  };
  return (
    <DnsCheckPanel
      name={domain.domain}
      lastChecked={check ? formatMomentUs(check.checkedAt) : null}
      lines={check ? checkLines(check, spfInclude) : []}
      outcome={outcome}
      error={error}
      manages={manages}
      pending={verify.isPending}
      onVerify={run}
    />
  );
}

function RemoveSendingDomainButton({ domain }: { domain: SendingDomainView }) {
  const remove = useRemoveSendingDomain();
  return (
    <ConfirmButton
      size="sm"
      title={`Remove ${domain.domain}?`}
      description="Your visitors’ emails come from Lodestone’s address again at once, and this domain’s DKIM key is deleted. If you add the domain again later, it gets a new key and new records to create. You can then delete the old DKIM record from your DNS."
      confirmLabel="Remove sending domain"
      pendingLabel="Removing..."
      action={() => remove.mutateAsync(domain.id)}
      successMessage={`${domain.domain} removed`}
    >
      Remove<span className="sr-only"> {domain.domain}</span>
    </ConfirmButton>
  );
}
