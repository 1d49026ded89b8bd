import type { LeadTimelineEvent, LeadTimelineKind } from '@/domain/lead-detail';
import { formatDateTime } from '@/web/features/dashboard';
import { cn } from '@/web/lib/cn';

const EVENT_LABELS: Record<LeadTimelineKind, string> = {
  submitted: 'Submitted the form',
  code_sent: 'Confirmation code sent',
  confirmed: 'Confirmed the email address',
  payment_failed: 'Payment failed',
  paid: 'Paid',
  download_link_sent: 'Download link sent',
  receipt_sent: 'Receipt sent',
  owner_notified: 'You were emailed about this lead',
  last_downloaded: 'Last downloaded',
  refunded: 'Refunded',
  email_tool_synced: 'Synced to your email tool',
  email_tool_failed: 'Email tool sync failed',
  conversion_sent: 'Conversion sent',
  conversion_pending: 'Conversion waiting to be sent',
  conversion_failed: 'Conversion refused',
  follow_up_sent: 'Follow-up email sent',
  unsubscribed: 'Unsubscribed from follow-up emails',
  bounced: 'An email bounced: no more follow-ups',
  complained: 'Marked an email as spam: no more follow-ups',
};

const DOT: Partial<Record<LeadTimelineKind, string>> = {
  confirmed: 'bg-emerald-500',
  paid: 'bg-emerald-500',
  payment_failed: 'bg-red-500',
  refunded: 'bg-red-500',
  email_tool_synced: 'bg-emerald-500',
  email_tool_failed: 'bg-red-500',
  conversion_sent: 'bg-emerald-500',
  unsubscribed: 'bg-amber-500',
  bounced: 'bg-red-500',
  complained: 'bg-red-500',
  conversion_pending: 'bg-amber-500',
  conversion_failed: 'bg-red-500',
};

/** A sync names its tool in the label ("Synced to Mailchimp"); the others show their detail after the time. */
function describe(event: LeadTimelineEvent): { label: string; detail: string | null } {
  if (event.kind === 'email_tool_synced' && event.detail) return { label: `Synced to ${event.detail}`, detail: null };
  return { label: EVENT_LABELS[event.kind], detail: event.detail };
}

/** The lead's history, oldest first, as a vertical line of events. */
export function LeadTimeline({ events }: { events: LeadTimelineEvent[] }) {
  return (
    <ol className="relative flex flex-col gap-5 border-l border-gray-200 pl-5">
      {events.map((event, i) => {
        const { label, detail } = describe(event);
        return (
          <li key={`${event.kind}-${event.at}-${i}`} className="relative">
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1.5 -left-[1.61rem] size-2.5 rounded-full ring-4 ring-white',
                DOT[event.kind] ?? 'bg-indigo-500',
              )}
            />
            <p className="text-sm font-medium text-gray-900">{label}</p>
            <p className="text-sm text-gray-600">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {detail && <> · {detail}</>}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
