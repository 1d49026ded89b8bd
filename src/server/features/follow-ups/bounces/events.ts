import type { SuppressionReason } from '@/server/db/schema/index';

/** A mail provider's report that stops follow-up emails to an address: a hard bounce or a spam complaint. */
export interface MailEvent {
  reason: Extract<SuppressionReason, 'bounced' | 'complained'>;
  /** The id Lodestone queued the email under (lead_emails.message_id), read from its Message-ID. */
  queuedId: string;
  /** The address the provider reports it for, lower-cased. */
  recipient: string;
}

/**
 * The queued id in a Message-ID as the mailer writes it (`<{id}@{sender's domain}>`, lib/mailer.ts),
 * with or without its angle brackets as providers report it; null for anything else.
 */
export function queuedIdOf(messageId: unknown): string | null {
  if (typeof messageId !== 'string') return null;
  const bare = messageId.trim().replace(/^<(.*)>$/, '$1');
  const at = bare.lastIndexOf('@');
  const id = at > 0 ? bare.slice(0, at) : '';
  return /^[A-Za-z0-9._-]{1,200}$/.test(id) ? id : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function eventOf(reason: MailEvent['reason'] | null, messageId: unknown, recipient: unknown): MailEvent[] {
  const queuedId = queuedIdOf(messageId);
  const address = text(recipient).trim().toLowerCase();
  return reason && queuedId && address ? [{ reason, queuedId, recipient: address }] : [];
}

/** SendGrid drops a message to an address already on its own lists, saying which list. */
const DROPPED = { 'Bounced Address': 'bounced', 'Spam Reporting Address': 'complained' } as const;

/**
 * The events of a SendGrid Event Webhook batch (an array of events) that stop follow-ups: a bounce
 * that is not a block (`type: 'blocked'` is a temporary refusal), a spam report, and a message
 * dropped because the address bounced or reported spam before. `smtp-id` is the Message-ID.
 */
export function sendgridEvents(body: unknown): MailEvent[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => {
    const e = record(item);
    const event = text(e.event);
    const reason =
      event === 'bounce' && text(e.type) !== 'blocked'
        ? 'bounced'
        : event === 'spamreport'
          ? 'complained'
          : event === 'dropped'
            ? (DROPPED[text(e.reason) as keyof typeof DROPPED] ?? null)
            : null;
    return eventOf(reason, e['smtp-id'], e.email);
  });
}

/**
 * A Mailgun webhook's event that stops follow-ups: a failure Mailgun calls permanent, or a
 * complaint. The Message-ID is in `event-data.message.headers['message-id']`.
 */
export function mailgunEvents(body: unknown): MailEvent[] {
  const data = record(record(body)['event-data']);
  const event = text(data.event);
  const reason =
    event === 'failed' && text(data.severity) === 'permanent' ? 'bounced' : event === 'complained' ? 'complained' : null;
  return eventOf(reason, record(record(data.message).headers)['message-id'], data.recipient);
}
