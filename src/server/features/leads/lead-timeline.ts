import { LEAD_TIMELINE_KINDS, type LeadTimelineEvent, type LeadTimelineKind } from '@/domain/lead-detail';
import { formatMoney } from '@/domain/money';
import { PROVIDER_NAMES } from '@/domain/payments';
import { EMAIL_TOOL_NAMES } from '@/domain/email-tools';
import { CONVERSION_DESTINATION_NAMES } from '@/domain/conversions';
import { CONVERSION_EVENT_LABELS } from '@/domain/conversions-api';
import type {
  conversionSends,
  emailSuppressions,
  leadConsents,
  leadEmails,
  leadSyncs,
  leads,
  payments,
} from '@/server/db/schema';

const MAIL_PROVIDER_NAMES: Record<string, string> = { sendgrid: 'SendGrid', mailgun: 'Mailgun' };

interface TimelineRows {
  lead: typeof leads.$inferSelect;
  submissions: Array<{ createdAt: Date; formVersion: number }>;
  consents: Array<typeof leadConsents.$inferSelect>;
  payments: Array<typeof payments.$inferSelect>;
  emails: Array<Pick<typeof leadEmails.$inferSelect, 'kind' | 'queuedAt'>>;
  syncs?: Array<typeof leadSyncs.$inferSelect>;
  conversions?: Array<
    Pick<
      typeof conversionSends.$inferSelect,
      'destination' | 'event' | 'status' | 'lastError' | 'createdAt' | 'sentAt' | 'updatedAt'
    >
  >;
  /** The follow-up emails it was sent (LeadFollowUps.sent), with their subjects as sent. */
  followUps?: Array<{ position: number; subject: string; sentAt: string }>;
  /** The address on the workspace's suppression list (at most one row): a bounce or complaint is shown. */
  suppressions?: Array<Pick<typeof emailSuppressions.$inferSelect, 'reason' | 'source' | 'createdAt'>>;
}

const CONFIRMED_BY = { code: 'With the code on the thank-you page', link: 'With the link in the email' } as const;
const RANK = new Map<LeadTimelineKind, number>(LEAD_TIMELINE_KINDS.map((kind, i) => [kind, i]));

/**
 * A lead's history from the rows that record it, oldest first. Where nothing was recorded nothing
 * is shown: no "code sent" without a lead_emails row, one "last downloaded" because single
 * downloads are only counted, a sync to an email tool once it succeeded or finally failed, and each
 * conversion sent to an ad platform as it stands (sent, waiting, or refused).
 */
export function leadTimeline({
  lead,
  submissions,
  consents,
  payments,
  emails,
  syncs = [],
  conversions = [],
  followUps = [],
  suppressions = [],
}: TimelineRows): LeadTimelineEvent[] {
  const events: Array<{ kind: LeadTimelineKind; at: Date; detail: string | null }> = [];
  const add = (kind: LeadTimelineKind, at: Date, detail: string | null = null) => events.push({ kind, at, detail });

  for (const s of submissions) add('submitted', s.createdAt, `Page version ${s.formVersion}`);
  // Leads stored before submissions were recorded: the lead row itself was made by the submission.
  if (submissions.length === 0) add('submitted', lead.createdAt);

  const EMAIL_EVENT = {
    code: 'code_sent',
    delivery: 'download_link_sent',
    'owner-notice': 'owner_notified',
    receipt: 'receipt_sent',
    // Follow-ups are added below from their own rows, which keep each one's subject.
    'follow-up': null,
  } as const;
  for (const e of emails) {
    const kind = EMAIL_EVENT[e.kind];
    if (kind) add(kind, e.queuedAt);
  }

  for (const f of followUps) add('follow_up_sent', new Date(f.sentAt), `Email ${f.position}: ${f.subject}`);
  // Reported by the mail provider (follow-ups/bounces): the address takes no more follow-ups.
  for (const x of suppressions) {
    if (x.reason === 'bounced' || x.reason === 'complained')
      add(x.reason, x.createdAt, MAIL_PROVIDER_NAMES[x.source] ?? x.source);
  }
  // An unsubscribe is recorded as a follow-up consent that no sign-up gave (follow-ups/routes.ts).
  for (const c of consents) if (c.event === 'follow_ups' && !c.submissionId && !c.agreed) add('unsubscribed', c.givenAt);

  const confirmations = consents.filter((c) => c.event === 'confirmation');
  for (const c of confirmations) add('confirmed', c.givenAt, c.method ? CONFIRMED_BY[c.method] : null);
  if (confirmations.length === 0 && lead.verifiedAt) add('confirmed', lead.verifiedAt);

  for (const p of payments) {
    const money = `${formatMoney(p.amount, p.currency)} · ${PROVIDER_NAMES[p.provider]}`;
    if (p.paidAt) add('paid', p.paidAt, money);
    if (p.refundedAt) add('refunded', p.refundedAt, money);
    // When an attempt failed is not stored; it is shown at the time the attempt began.
    if (p.status === 'failed') add('payment_failed', p.createdAt, p.failureReason ? `${money} · ${p.failureReason}` : money);
  }

  for (const s of syncs) {
    const tool = EMAIL_TOOL_NAMES[s.provider];
    if (s.status === 'synced' && s.syncedAt) add('email_tool_synced', s.syncedAt, tool);
    if (s.status === 'failed') add('email_tool_failed', s.updatedAt, s.lastError ? `${tool} · ${s.lastError}` : tool);
  }

  for (const c of conversions) {
    const what = `${CONVERSION_DESTINATION_NAMES[c.destination]} · ${CONVERSION_EVENT_LABELS[c.event]}`;
    if (c.status === 'sent') add('conversion_sent', c.sentAt ?? c.updatedAt, what);
    else if (c.status === 'failed') add('conversion_failed', c.updatedAt, c.lastError ? `${what} · ${c.lastError}` : what);
    else add('conversion_pending', c.createdAt, c.lastError ? `${what} · ${c.lastError}` : what);
  }

  if (lead.lastDownloadAt) {
    add('last_downloaded', lead.lastDownloadAt, `${lead.downloads} download${lead.downloads === 1 ? '' : 's'} in all`);
  }

  return events
    .sort((a, b) => a.at.getTime() - b.at.getTime() || RANK.get(a.kind)! - RANK.get(b.kind)!)
    .map((e) => ({ kind: e.kind, at: e.at.toISOString(), detail: e.detail }));
}
