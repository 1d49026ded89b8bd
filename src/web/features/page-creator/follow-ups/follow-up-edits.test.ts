import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UPS, followUpMessages, followUpStepSchema, type FollowUps, type FollowUpStep } from '@/domain/follow-ups';
import {
  followUpFigures,
  newFollowUpStep,
  shownFollowUpErrors,
  typedDelay,
  whenItGoes,
  withStepAdded,
  withStepChanged,
  withStepMoved,
  withStepRemoved,
} from './follow-up-edits';

const step = (id: string, patch: Partial<FollowUpStep> = {}): FollowUpStep => ({
  ...newFollowUpStep(id),
  subject: `Subject ${id}`,
  text: `Text ${id}`,
  ...patch,
});

const sequence = (ids: string[], patch: Partial<FollowUps> = {}): FollowUps => ({
  ...DEFAULT_FOLLOW_UPS,
  timeZone: 'Europe/Paris',
  ...patch,
  steps: ids.map((id) => step(id)),
});

const ids = (followUps: FollowUps) => followUps.steps.map((s) => s.id);

describe('adding, removing and reordering follow-up emails', () => {
  it('adds a new email a day after the one before, to be written, with an id of its own', () => {
    const a = newFollowUpStep();
    const b = newFollowUpStep();
    expect(a).toMatchObject({ delay: 1, unit: 'days', at: '', subject: '', text: '' });
    expect(followUpStepSchema.safeParse({ ...a, subject: 'S', text: 'T' }).success).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(ids(withStepAdded(sequence(['a']), step('b'), 'Asia/Tokyo'))).toEqual(['a', 'b']);
  });

  it("gives a page's first email the owner's time zone, but keeps one chosen before", () => {
    expect(withStepAdded(DEFAULT_FOLLOW_UPS, step('a'), 'Asia/Tokyo').timeZone).toBe('Asia/Tokyo');
    expect(withStepAdded(sequence([], { timeZone: 'America/Lima' }), step('a'), 'Asia/Tokyo').timeZone).toBe('America/Lima');
    expect(withStepAdded(sequence(['a'], { timeZone: 'UTC' }), step('b'), 'Asia/Tokyo').timeZone).toBe('UTC');
  });

  it('adds no eleventh email', () => {
    const ten = sequence(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(withStepAdded(ten, step('11'), 'UTC').steps).toHaveLength(10);
  });

  it('removes the email asked for and keeps the others in order', () => {
    expect(ids(withStepRemoved(sequence(['a', 'b', 'c']), 1))).toEqual(['a', 'c']);
  });

  it('moves an email up or down one place, and nowhere past either end', () => {
    const abc = sequence(['a', 'b', 'c']);
    expect(ids(withStepMoved(abc, 2, -1))).toEqual(['a', 'c', 'b']);
    expect(ids(withStepMoved(abc, 0, 1))).toEqual(['b', 'a', 'c']);
    expect(ids(withStepMoved(abc, 0, -1))).toEqual(['a', 'b', 'c']);
    expect(ids(withStepMoved(abc, 2, 1))).toEqual(['a', 'b', 'c']);
  });

  it('changes one email, keeping its id', () => {
    const changed = withStepChanged(sequence(['a', 'b']), 1, { subject: 'New', at: '09:00' });
    expect(changed.steps[1]).toMatchObject({ id: 'b', subject: 'New', at: '09:00' });
    expect(changed.steps[0]).toEqual(step('a'));
  });
});

describe('the delay as typed', () => {
  it('takes a whole number up to a year in the chosen unit', () => {
    expect(typedDelay('3', 'days')).toBe(3);
    expect(typedDelay(' 0 ', 'hours')).toBe(0);
    expect(typedDelay('365', 'days')).toBe(365);
    expect(typedDelay('8760', 'hours')).toBe(8760);
  });

  it('refuses a blank, a fraction, a negative number and more than a year', () => {
    for (const text of ['', '2.5', '-1', 'abc']) expect(typedDelay(text, 'days')).toBeNull();
    expect(typedDelay('366', 'days')).toBeNull();
    expect(typedDelay('8761', 'hours')).toBeNull();
  });
});

describe('the errors the section shows', () => {
  const unwritten = sequence(['a']);
  unwritten.steps[0] = { ...unwritten.steps[0]!, subject: '', text: 'Hi {frist_name}' };

  it('shows only what is wrong as typed until the editor flags the sequence', () => {
    const shown = shownFollowUpErrors(unwritten, {});
    expect(shown['followUps.steps.0.subject']).toBeUndefined();
    expect(shown['followUps.steps.0.text']).toContain('Unknown placeholder {frist_name}');
  });

  it('shows every problem once flagged, following the emails as they move', () => {
    const flagged = { 'followUps.steps.0.subject': followUpMessages.subject };
    expect(shownFollowUpErrors(unwritten, flagged)['followUps.steps.0.subject']).toBe(followUpMessages.subject);
    const moved = withStepMoved({ ...unwritten, steps: [...unwritten.steps, step('b')] }, 0, 1);
    const shown = shownFollowUpErrors(moved, flagged);
    expect(shown['followUps.steps.0.subject']).toBeUndefined();
    expect(shown['followUps.steps.1.subject']).toBe(followUpMessages.subject);
  });

  it('drops an error once it is fixed', () => {
    const flagged = { 'followUps.steps.0.subject': followUpMessages.subject };
    const fixed = withStepChanged(unwritten, 0, { subject: 'Welcome', text: 'Hello {first_name}' });
    expect(shownFollowUpErrors(fixed, flagged)).toEqual({});
  });

  it('asks for the lawful basis once flagged, on a page that asks no consent', () => {
    const other = sequence(['a'], { basis: 'other', basisNote: '' });
    expect(shownFollowUpErrors(other, {})['followUps.basisNote']).toBeUndefined();
    expect(shownFollowUpErrors(other, { 'followUps.basisNote': 'x' })['followUps.basisNote']).toBe(followUpMessages.basisNote);
  });
});

describe('when each email goes, in words', () => {
  const days = (delay: number, at = '') => ({ delay, unit: 'days' as const, at });
  const hours = (delay: number, at = '') => ({ delay, unit: 'hours' as const, at });

  it('counts the first from the confirmation, or from the sign-up without double opt-in', () => {
    expect(whenItGoes(days(1), 0, 'UTC', true)).toBe('1 day after the sign-up is confirmed');
    expect(whenItGoes(days(1), 0, 'UTC', false)).toBe('1 day after sign-up');
  });

  it('counts the others from the previous email, with the time of day in the time zone', () => {
    expect(whenItGoes(days(2, '09:00'), 1, 'Europe/Paris', true)).toBe(
      '2 days after the previous email, at 09:00 (Europe/Paris)',
    );
    expect(whenItGoes(hours(3), 2, 'UTC', true)).toBe('3 hours after the previous email');
    expect(whenItGoes(hours(3, '18:30'), 1, 'America/New_York', true)).toBe(
      'At the first 18:30 (America/New York) at least 3 hours after the previous email',
    );
  });

  it('says when a zero wait goes', () => {
    expect(whenItGoes(days(0), 1, 'UTC', true)).toBe('Right after the previous email');
    expect(whenItGoes(days(0, '09:00'), 0, 'UTC', false)).toBe('At the next 09:00 (UTC) after sign-up');
  });
});

describe("a page's follow-up figures", () => {
  it('shows the totals, the rates of the emails sent, and the emails sent per email of the published sequence', () => {
    const figures = followUpFigures(
      {
        leads: 40,
        sent: 200,
        sentByStep: { a: 120, b: 80 },
        unsubscribed: 3,
        bounced: 5,
        complained: 1,
        bounceRate: 0.025,
        complaintRate: 0.005,
      },
      [step('a', { subject: 'Welcome' }), step('b', { subject: ' ' }), step('c', { subject: 'Last' })],
    );
    expect(figures.totals).toEqual([
      { label: 'Leads on the sequence', value: '40' },
      { label: 'Emails sent', value: '200' },
      { label: 'Unsubscribed', value: '3' },
      { label: 'Bounce rate', value: '2.5%' },
      { label: 'Complaint rate', value: '0.5%' },
    ]);
    expect(figures.perEmail).toEqual([
      { label: 'Email 1: Welcome', sent: 120 },
      { label: 'Email 2', sent: 80 },
      { label: 'Email 3: Last', sent: 0 },
    ]);
  });

  it('shows rates of 0% before anything was sent', () => {
    const none = {
      leads: 0,
      sent: 0,
      sentByStep: {},
      unsubscribed: 0,
      bounced: 0,
      complained: 0,
      bounceRate: 0,
      complaintRate: 0,
    };
    expect(
      followUpFigures(none, [])
        .totals.slice(3)
        .map((f) => f.value),
    ).toEqual(['0%', '0%']);
  });
});
