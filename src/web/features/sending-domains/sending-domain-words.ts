import type { RecordCheck } from '@/domain/custom-domains';
import type { SendingDomainCheck, SendingDomainStatus, SendingDomainView } from '@/domain/sending-domains';
import { formatMomentUs } from '@/domain/us-english';

/** What the sending domain section says, in plain words (the badge, each record's check, the outcome of a check). */

/** "Mar 5, 2026, 2:00 PM". */

export type BadgeTone = 'info' | 'success' | 'warning';

export const STATUS_BADGES: Record<SendingDomainStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending verification', tone: 'info' },
  verified: { label: 'Verified', tone: 'success' },
  failing: { label: 'Records missing — sending from Lodestone', tone: 'warning' },
};

export function dkimCheckText(result: RecordCheck): string {
  if (result === 'ok') return 'DKIM record found';
  if (result === 'missing') return 'DKIM record not found yet';
  return 'DKIM record holds a different key';
}

export function spfCheckText(result: RecordCheck, spfInclude: string): string {
  if (result === 'ok') return `SPF record includes ${spfInclude}`;
  if (result === 'missing') return 'SPF record not found yet';
  return `SPF record does not include ${spfInclude}, or there is more than one`;
}

export const checkLines = (check: SendingDomainCheck, spfInclude: string) => [
  { type: 'DKIM', result: check.dkim, text: dkimCheckText(check.dkim) },
  { type: 'SPF', result: check.spf, text: spfCheckText(check.spf, spfInclude) },
];

/** What a status means, under the domain's name; `manages`: the reader can press Verify now. */
export function statusExplanation(domain: SendingDomainView, manages: boolean): string {
  switch (domain.status) {
    case 'pending':
      return manages
        ? 'Create the records below at the company where you manage the DNS of this domain, then press Verify now. Lodestone also checks them by itself every hour during the first week. Until the domain is verified, your visitors’ emails come from Lodestone’s address.'
        : 'Waiting for the records below to be created at the DNS provider of the domain. Until then, visitors’ emails come from Lodestone’s address.';
    case 'verified':
      return `Verified${domain.verifiedAt ? ` on ${formatMomentUs(domain.verifiedAt)}` : ''}. The emails your visitors get come from ${domain.fromAddress}, signed with this domain’s DKIM key.`;
    case 'failing':
      return `The records were not found at the last check${domain.failingSince ? ` (missing since ${formatMomentUs(domain.failingSince)})` : ''}, so your visitors’ emails come from Lodestone’s address for now. Put the records back: Lodestone checks every hour and sends from ${domain.fromAddress} again as soon as they are found.`;
  }
}

/** The sentence announced after "Verify now". */
export function verifyOutcome(domain: SendingDomainView, spfInclude: string): string {
  if (domain.status === 'verified') return `Verified: your visitors’ emails now come from ${domain.fromAddress}.`;
  const found = domain.lastCheck ? checkLines(domain.lastCheck, spfInclude).map((line) => line.text) : [];
  const what = found.length > 0 ? `${found.join(', ')}.` : 'The records could not be checked.';
  if (domain.status === 'failing') return `Still missing: ${what} Emails keep coming from Lodestone’s address meanwhile.`;
  return `Not verified yet: ${what} New DNS records can take from a few minutes to a few hours to appear.`;
}
