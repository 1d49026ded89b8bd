import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeadFollowUps as LeadFollowUpsData } from '@/domain/follow-ups-api';
import { formatDateTime } from '@/web/features/dashboard';
import { LeadFollowUps } from './lead-follow-ups';

const sent = [
  { stepId: 'a', position: 1, subject: 'Welcome aboard', sentAt: '2025-03-02T09:00:00.000Z' },
  { stepId: 'b', position: 2, subject: 'Three tips', sentAt: '2025-03-04T09:00:00.000Z' },
];

const followUps = (patch: Partial<LeadFollowUpsData>): LeadFollowUpsData => ({
  optedIn: true,
  state: 'active',
  stoppedBecause: null,
  sent: [],
  next: null,
  ...patch,
});

const render = (data: LeadFollowUpsData | undefined) => renderToStaticMarkup(<LeadFollowUps followUps={data} />);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe("a lead's follow-up emails", () => {
  it('lists each email sent with its time, and the next one and when', () => {
    const html = render(
      followUps({ sent, next: { stepId: 'c', position: 3, subject: 'Last chance', dueAt: '2025-03-07T09:00:00.000Z' } }),
    );
    const words = text(html);
    expect(words).toContain('Follow-up emails');
    expect(words).toContain('On the sequence');
    expect(words).toContain('Opted in Yes');
    expect(words).toContain(`Email 1: Welcome aboard Sent ${formatDateTime('2025-03-02T09:00:00.000Z')}`);
    expect(words).toContain(`Email 2: Three tips Sent ${formatDateTime('2025-03-04T09:00:00.000Z')}`);
    expect(words).toContain(`Next Email 3: Last chance, due ${formatDateTime('2025-03-07T09:00:00.000Z')}`);
    expect(html).toContain('dateTime="2025-03-07T09:00:00.000Z"');
  });

  it('says why the emails stopped', () => {
    const reasons = {
      unsubscribed: 'Unsubscribed',
      bounced: 'Bounced',
      complained: 'Marked as spam',
      erased: 'Erased',
      withdrawn: 'Consent withdrawn',
    } as const;
    for (const [because, said] of Object.entries(reasons)) {
      const words = text(render(followUps({ state: 'stopped', stoppedBecause: because as keyof typeof reasons, sent })));
      expect(words).toContain(`Stopped ${said}`);
      expect(words).not.toContain('Next');
    }
  });

  it('says when all were sent, and when the page paused them', () => {
    expect(text(render(followUps({ state: 'finished', sent })))).toContain('All emails sent');
    const paused = text(
      render(
        followUps({
          state: 'paused',
          sent,
          next: { stepId: 'c', position: 3, subject: 'Later', dueAt: '2025-03-07T09:00:00.000Z' },
        }),
      ),
    );
    expect(paused).toContain('Paused');
    expect(paused).toContain('Next, once resumed Email 3: Later');
  });

  it('says the lead gets none because it did not tick the opt-in', () => {
    const words = text(render(followUps({ optedIn: false, state: 'none' })));
    expect(words).toContain('Opted in No');
    expect(words).toContain('The lead did not tick the opt-in.');
    expect(words).toContain('No follow-up email has been sent to this lead.');
  });

  it('says an opted-in lead waits for its confirmation', () => {
    const words = text(render(followUps({ optedIn: true, state: 'none' })));
    expect(words).toContain('Not on the sequence');
    expect(words).toContain('The emails start once the lead confirms their address');
  });

  it('says the opt-in was not asked on a page with another lawful basis', () => {
    expect(text(render(followUps({ optedIn: null, state: 'active' })))).toContain('Opted in Not asked');
  });

  it('shows nothing for a lead whose page had no sequence, or from a server that sends no follow-ups', () => {
    expect(render(followUps({ optedIn: null, state: 'none' }))).toBe('');
    expect(render(undefined)).toBe('');
  });
});
