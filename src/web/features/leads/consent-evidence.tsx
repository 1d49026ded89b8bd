import type { LeadConsentRecord } from '@/domain/lead-detail';
import { Badge } from '@/web/components/ui/badge';
import { formatDateTime } from '@/web/features/dashboard';
import { DetailCard, Fact, Facts, HashValue } from './detail-parts';

const CONFIRMED_BY = { code: 'by code', link: 'by link' } as const;

/** Every consent row of the lead, oldest first: the exact wording, versions, time and the hashed address and browser. */
export function ConsentEvidence({ consents }: { consents: LeadConsentRecord[] }) {
  return (
    <DetailCard title="Consent evidence">
      {consents.length === 0 ? (
        <p className="text-sm text-gray-700">No consent was recorded for this lead.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-gray-200">
          {consents.map((c) => (
            <li key={c.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
              <ConsentRecord consent={c} />
            </li>
          ))}
        </ol>
      )}
    </DetailCard>
  );
}

function ConsentRecord({ consent: c }: { consent: LeadConsentRecord }) {
  const title =
    c.event === 'signup'
      ? 'Sign-up'
      : c.event === 'follow_ups'
        ? 'Follow-up emails'
        : `Email confirmed${c.method ? ` ${CONFIRMED_BY[c.method]}` : ''}`;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-gray-900">{title}</h3>
        {c.event === 'signup' && (
          <Badge variant={c.agreed ? 'success' : 'neutral'}>{c.agreed ? 'Agreed' : 'No checkbox shown'}</Badge>
        )}
        {c.event === 'follow_ups' && (
          <Badge variant={c.agreed ? 'success' : 'neutral'}>{c.agreed ? 'Agreed' : 'Not ticked'}</Badge>
        )}
      </div>
      <blockquote className="border-l-4 border-indigo-200 bg-indigo-50/50 px-4 py-2 text-sm break-words text-gray-900">
        {c.text}
      </blockquote>
      <Facts>
        <Fact label="Given at">
          <time dateTime={c.givenAt}>{formatDateTime(c.givenAt)}</time>
        </Fact>
        <Fact label="Wording version">{c.version}</Fact>
        <Fact label="Page version">{c.formVersion ?? '—'}</Fact>
        <Fact label="IP address hash">
          <HashValue label="IP address hash" value={c.ipHash} />
        </Fact>
        <Fact label="User agent hash">
          <HashValue label="User agent hash" value={c.userAgentHash} />
        </Fact>
      </Facts>
      {c.shown && (
        <details className="text-sm">
          <summary className="cursor-pointer rounded-sm font-medium text-indigo-700 hover:text-indigo-900">
            What the page showed
          </summary>
          <div className="mt-3">
            <Facts>
              <Fact label="Title">{c.shown.title}</Fact>
              <Fact label="Business">{c.shown.businessName}</Fact>
              <Fact label="Button">{c.shown.submitLabel}</Fact>
              <Fact label="Checkbox">{c.shown.consentLabel ?? 'None'}</Fact>
              {c.shown.privacyPolicyUrl && <Fact label="Privacy policy">{c.shown.privacyPolicyUrl}</Fact>}
              <Fact label="Double opt-in">{c.shown.doubleOptIn ? 'Yes' : 'No'}</Fact>
              <Fact label="Fields">{c.shown.fields.map((f) => `${f.label}${f.required ? ' (required)' : ''}`).join(', ')}</Fact>
            </Facts>
          </div>
        </details>
      )}
    </>
  );
}
