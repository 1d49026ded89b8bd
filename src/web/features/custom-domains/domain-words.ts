import type { CustomDomainView, DomainCheck, DomainStatus, PointingRecordType, RecordCheck } from '@/domain/custom-domains';
import { formatMomentUs } from '@/domain/us-english';

/** What the screen says about domains, in plain words (the badge, each record's check, the outcome of a check). */

/** "Mar 5, 2026, 2:00 PM": the grace period is counted in hours, so the time matters. */

export type BadgeTone = 'info' | 'success' | 'warning' | 'danger';

export function statusBadge(domain: Pick<CustomDomainView, 'status' | 'disablesAt'>): { label: string; tone: BadgeTone } {
  const labels: Record<DomainStatus, { label: string; tone: BadgeTone }> = {
    pending: { label: 'Pending verification', tone: 'info' },
    verified: { label: 'Verified', tone: 'success' },
    failing: {
      label: domain.disablesAt ? `Records missing — stops serving on ${formatMomentUs(domain.disablesAt)}` : 'Records missing',
      tone: 'warning',
    },
    disabled: { label: 'Disabled', tone: 'danger' },
  };
  return labels[domain.status];
}

/** One record's result: "TXT record found", "CNAME record not found yet", "CNAME points elsewhere". */
export function recordCheckText(type: 'TXT' | PointingRecordType, result: RecordCheck): string {
  if (result === 'ok') return `${type} record found`;
  if (result === 'missing') return `${type} record not found yet`;
  return type === 'TXT' ? 'TXT record holds a different value' : `${type} points elsewhere`;
}

export const checkLines = (check: DomainCheck, pointing: PointingRecordType) => [
  { type: 'TXT' as const, result: check.txt, text: recordCheckText('TXT', check.txt) },
  { type: pointing, result: check.cname, text: recordCheckText(pointing, check.cname) },
];

/** What a status means, under the domain's name; `manages`: the reader can press Verify now. */
export function statusExplanation(domain: CustomDomainView, manages: boolean): string {
  switch (domain.status) {
    case 'pending':
      return manages
        ? 'Create the two records below at the company where you manage your DNS, then press Verify now. Lodestone also checks them by itself every hour during the first week, so you can come back later.'
        : 'Waiting for the two records below to be created at the DNS provider of the domain. Lodestone checks them by itself every hour during the first week.';
    case 'verified':
      return `Verified${domain.verifiedAt ? ` on ${formatMomentUs(domain.verifiedAt)}` : ''}. Your published pages are served on this domain over HTTPS.`;
    case 'failing':
      return `The records were not found at the last check${domain.failingSince ? ` (missing since ${formatMomentUs(domain.failingSince)})` : ''}. The domain keeps serving your pages${domain.disablesAt ? ` until ${formatMomentUs(domain.disablesAt)}` : ''}; put the records back to keep it.`;
    case 'disabled':
      return `The records stayed missing, so this domain no longer serves your pages. Put the records back${manages ? ', then press Verify now' : ''}.`;
  }
}

/** The sentence announced after "Verify now". */
export function verifyOutcome(domain: CustomDomainView): string {
  if (domain.status === 'verified') return `Verified: ${domain.hostname} serves your published pages now.`;
  const found = domain.lastCheck ? checkLines(domain.lastCheck, domain.records.cname.type).map((line) => line.text) : [];
  const what = found.length > 0 ? `${found.join(', ')}.` : 'The records could not be checked.';
  if (domain.status === 'failing') return `Still missing: ${what} The domain keeps serving until its grace period ends.`;
  return `Not verified yet: ${what} New DNS records can take from a few minutes to a few hours to appear.`;
}

/** A domain that serves pages now (verified, or failing within its grace period). */
export const isServing = (domain: Pick<CustomDomainView, 'status'>) =>
  domain.status === 'verified' || domain.status === 'failing';
