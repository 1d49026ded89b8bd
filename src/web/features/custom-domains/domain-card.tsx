import { ExternalLink, Globe } from 'lucide-react';
import { useState } from 'react';
import type { CustomDomainView, DomainPageView } from '@/domain/custom-domains';
import { ConfirmButton } from '@/web/components/confirm-button';
import { FieldError } from '@/web/components/text-field';
import { Badge } from '@/web/components/ui/badge';
import { DnsCheckPanel } from '@/web/components/dns-check-panel';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useRemoveDomain, useSetHomePage, useVerifyDomain } from './api.js';
import { DnsRecordsTable } from './dns-records-table.js';
import { checkLines, isServing, statusBadge, statusExplanation, verifyOutcome } from './domain-words.js';
import { selectClass } from './select-class.js';
import { formatMomentUs } from '@/domain/us-english';

type DomainCardProps = {
  domain: CustomDomainView;
  pages: DomainPageView[];
  /** The caller may change domains (owner or admin). */
  manages: boolean;
};

/** One connected domain: its state, the records to create, the last check, its home page, and removing it. */
export function DomainCard({ domain, pages, manages }: DomainCardProps) {
  const headingId = `domain-${domain.id}-heading`;
  const badge = statusBadge(domain);
  const address = `https://${domain.hostname}/`;
  return (
    <Card role="region" aria-labelledby={headingId} className="grid min-w-0 gap-5 p-4 sm:p-6">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-lg font-semibold break-all text-gray-900">
            <Globe aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
            {domain.hostname}
          </h2>
          <Badge variant={badge.tone} className="whitespace-normal">
            {badge.label}
          </Badge>
        </div>
        <p className="text-sm text-gray-700">{statusExplanation(domain, manages)}</p>
        {isServing(domain) && (
          <p className="text-sm text-gray-700">
            Live at{' '}
            <a
              href={address}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-semibold break-all text-indigo-700 underline underline-offset-4"
            >
              {address}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 id={`domain-${domain.id}-records`} className="text-sm font-semibold text-gray-900">
          DNS records for {domain.hostname}
        </h3>
        <DnsRecordsTable domain={domain} labelledBy={`domain-${domain.id}-records`} />
        <p className="text-xs text-gray-600">
          At the root of a domain (no subdomain), where a CNAME is not allowed, use your DNS provider&apos;s ALIAS, ANAME or CNAME
          flattening for the second record.
        </p>
      </div>

      <VerifyArea domain={domain} manages={manages} />

      <HomePageField domain={domain} pages={pages} manages={manages} />

      {manages && (
        <div className="border-t border-gray-200 pt-4">
          <RemoveDomainButton domain={domain} />
        </div>
      )}
    </Card>
  );
}

/** The last check, record by record, and "Verify now": its outcome is announced (a live region). */
function VerifyArea({ domain, manages }: { domain: CustomDomainView; manages: boolean }) {
  const verify = useVerifyDomain();
  const [outcome, setOutcome] = useState<{ text: string; good: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = domain.lastCheck;
  const run = () => {
    setOutcome(null);
    setError(null);
    verify.mutate(domain.id, {
      onSuccess: (checked) => setOutcome({ text: verifyOutcome(checked), good: checked.status === 'verified' }),
      onError: (err) => setError(err.message),
    });
  };
  return (
    <DnsCheckPanel
      name={domain.hostname}
      lastChecked={check ? formatMomentUs(check.checkedAt) : null}
      lines={check ? checkLines(check, domain.records.cname.type) : []}
      outcome={outcome}
      error={error}
      manages={manages}
      pending={verify.isPending}
      onVerify={run}
    />
  );
}

/** The page served at the domain's root, chosen among the workspace's published pages. */
function HomePageField({ domain, pages, manages }: DomainCardProps) {
  const setHome = useSetHomePage();
  const [error, setError] = useState<string | undefined>();
  const id = `domain-${domain.id}-home`;
  const home = pages.find((p) => p.formId === domain.homeFormId);
  if (!manages)
    return (
      <p className="text-sm text-gray-700">
        <span className="font-medium text-gray-900">Home page:</span> {home ? home.title : 'None'}
      </p>
    );
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        Home page
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={id}
          className={`${selectClass} w-full sm:w-80`}
          value={domain.homeFormId ?? ''}
          disabled={setHome.isPending}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setError(undefined);
            setHome.mutate({ id: domain.id, homeFormId: e.target.value || null }, { onError: (err) => setError(err.message) });
          }}
        >
          <option value="">None</option>
          {pages.map((page) => (
            <option key={page.formId} value={page.formId}>
              {page.title}
            </option>
          ))}
        </select>
        {setHome.isPending && <Spinner className="size-4 text-gray-500" />}
      </div>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        The published page shown at https://{domain.hostname}/. With None, that address shows a “page not found”.
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

function RemoveDomainButton({ domain }: { domain: CustomDomainView }) {
  const remove = useRemoveDomain();
  return (
    <ConfirmButton
      size="sm"
      title={`Remove ${domain.hostname}?`}
      description="Your pages stop being served on this domain at once, and links to it stop working. The pages themselves, their Lodestone links and their leads are kept. You can add the domain again later."
      confirmLabel="Remove domain"
      pendingLabel="Removing..."
      action={() => remove.mutateAsync(domain.id)}
      successMessage={`${domain.hostname} removed`}
    >
      Remove<span className="sr-only"> {domain.hostname}</span>
    </ConfirmButton>
  );
}
