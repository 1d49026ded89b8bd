import type { LeadFollowUps as LeadFollowUpsData } from '@/domain/follow-ups-api';
import { Badge } from '@/web/components/ui/badge';
import { formatDateTime } from '@/web/features/dashboard';
import { DetailCard, Fact, Facts } from './detail-parts';

const STOPPED_BECAUSE: Record<NonNullable<LeadFollowUpsData['stoppedBecause']>, string> = {
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  erased: 'Erased',
  withdrawn: 'Consent withdrawn',
};

const STATE: Record<
  LeadFollowUpsData['state'],
  { label: string; variant: 'success' | 'warning' | 'neutral' | 'danger' | 'info' }
> = {
  none: { label: 'Not on the sequence', variant: 'neutral' },
  active: { label: 'On the sequence', variant: 'info' },
  paused: { label: 'Paused', variant: 'warning' },
  finished: { label: 'All emails sent', variant: 'success' },
  stopped: { label: 'Stopped', variant: 'danger' },
};

function optedInText(optedIn: boolean | null): string {
  if (optedIn === null) return 'Not asked';
  return optedIn ? 'Yes' : 'No';
}

/**
 * The lead's follow-up emails (src/domain/follow-ups-api.ts, LeadFollowUps): whether it opted in,
 * each email sent, the next one and when, or why they stopped. Nothing for a lead whose page has
 * never had a sequence for it.
 */
export function LeadFollowUps({ followUps }: { followUps: LeadFollowUpsData | undefined }) {
  if (!followUps) return null;
  const { optedIn, state, stoppedBecause, sent, next } = followUps;
  if (state === 'none' && optedIn === null && sent.length === 0) return null;
  const status = STATE[state];
  return (
    <DetailCard title="Follow-up emails">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={status.variant}>{status.label}</Badge>
        {state === 'stopped' && stoppedBecause && (
          <span className="text-sm text-gray-900">{STOPPED_BECAUSE[stoppedBecause]}</span>
        )}
      </div>
      <Facts>
        <Fact label="Opted in">{optedInText(optedIn)}</Fact>
        {state === 'none' && optedIn === false && <Fact label="Why none">The lead did not tick the opt-in.</Fact>}
        {state === 'none' && optedIn === true && (
          <Fact label="Why none yet">The emails start once the lead confirms their address, while the page has a sequence.</Fact>
        )}
        {next && (
          <Fact label={state === 'paused' ? 'Next, once resumed' : 'Next'}>
            Email {next.position}: {next.subject}, due <time dateTime={next.dueAt}>{formatDateTime(next.dueAt)}</time>
          </Fact>
        )}
      </Facts>
      {sent.length === 0 ? (
        <p className="text-sm text-gray-700">No follow-up email has been sent to this lead.</p>
      ) : (
        <ol aria-label="Follow-up emails sent" className="flex flex-col gap-2 text-sm">
          {sent.map((email) => (
            <li key={email.stepId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className="min-w-0 break-words text-gray-900">
                <span className="font-medium">Email {email.position}:</span> {email.subject}
              </span>
              <time dateTime={email.sentAt} className="text-gray-600">
                Sent {formatDateTime(email.sentAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </DetailCard>
  );
}
