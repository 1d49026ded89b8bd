import { describe, expect, it } from 'vitest';
import { defaultFormConfig, validateForPublish } from './form-config';
import {
  DEFAULT_FOLLOW_UPS,
  followUpDueAt,
  followUpErrors,
  followUpsOf,
  mayFollowUp,
  showsFollowUpOptIn,
  type FollowUpStep,
  type FollowUps,
} from './follow-ups';

const step = (over: Partial<FollowUpStep> = {}): FollowUpStep => ({
  id: 's1',
  delay: 1,
  unit: 'days',
  at: '',
  subject: 'Hello {first_name}',
  text: 'More about {lead_magnet}.',
  ...over,
});
const sequence = (over: Partial<FollowUps> = {}): FollowUps => ({ ...DEFAULT_FOLLOW_UPS, steps: [step()], ...over });
const at = (iso: string) => new Date(iso);

describe('when a follow-up falls due', () => {
  it('is the delay after, without a time of day', () => {
    expect(followUpDueAt(at('2026-03-10T10:15:00Z'), step({ delay: 3, unit: 'hours' }), 'UTC')).toEqual(
      at('2026-03-10T13:15:00Z'),
    );
    expect(followUpDueAt(at('2026-03-10T10:15:00Z'), step({ delay: 2, unit: 'days' }), 'Europe/Paris')).toEqual(
      at('2026-03-12T10:15:00Z'),
    );
    expect(followUpDueAt(at('2026-03-10T10:15:00Z'), step({ delay: 0, unit: 'hours' }), 'UTC')).toEqual(
      at('2026-03-10T10:15:00Z'),
    );
  });

  it('is that many calendar days later at the time of day, in the sequence’s time zone', () => {
    // 23:30 in New York on the 10th is 04:30 UTC on the 11th: "1 day at 09:00" is the 11th at 09:00 in New York.
    expect(followUpDueAt(at('2026-03-11T03:30:00Z'), step({ delay: 1, at: '09:00' }), 'America/New_York')).toEqual(
      at('2026-03-11T13:00:00Z'),
    );
    expect(followUpDueAt(at('2026-06-01T06:00:00Z'), step({ delay: 1, at: '09:00' }), 'Europe/Paris')).toEqual(
      at('2026-06-02T07:00:00Z'),
    );
    // 0 days at 09:00: today when it is still to come, tomorrow when it has passed.
    expect(followUpDueAt(at('2026-06-01T05:00:00Z'), step({ delay: 0, at: '09:00' }), 'Europe/Paris')).toEqual(
      at('2026-06-01T07:00:00Z'),
    );
    expect(followUpDueAt(at('2026-06-01T08:00:00Z'), step({ delay: 0, at: '09:00' }), 'Europe/Paris')).toEqual(
      at('2026-06-02T07:00:00Z'),
    );
    // Over a month's end.
    expect(followUpDueAt(at('2026-01-30T12:00:00Z'), step({ delay: 3, at: '08:30' }), 'UTC')).toEqual(at('2026-02-02T08:30:00Z'));
  });

  it('is the first time that clock time comes once the hours are over', () => {
    expect(followUpDueAt(at('2026-06-01T06:00:00Z'), step({ delay: 2, unit: 'hours', at: '09:00' }), 'UTC')).toEqual(
      at('2026-06-01T09:00:00Z'),
    );
    expect(followUpDueAt(at('2026-06-01T08:00:00Z'), step({ delay: 2, unit: 'hours', at: '09:00' }), 'UTC')).toEqual(
      at('2026-06-02T09:00:00Z'),
    );
  });

  it('follows clock changes: 09:00 in Paris is 08:00 UTC before the spring change and 07:00 after', () => {
    expect(followUpDueAt(at('2026-03-27T12:00:00Z'), step({ delay: 1, at: '09:00' }), 'Europe/Paris')).toEqual(
      at('2026-03-28T08:00:00Z'),
    );
    expect(followUpDueAt(at('2026-03-28T12:00:00Z'), step({ delay: 1, at: '09:00' }), 'Europe/Paris')).toEqual(
      at('2026-03-29T07:00:00Z'),
    );
  });

  it('reads an unknown time zone as UTC rather than never sending', () => {
    expect(followUpDueAt(at('2026-06-01T06:00:00Z'), step({ delay: 1, at: '09:00' }), 'Mars/Olympus')).toEqual(
      at('2026-06-02T09:00:00Z'),
    );
  });
});

describe('who gets a sequence', () => {
  it('asks for the opt-in only on a page with emails whose basis is consent', () => {
    expect(showsFollowUpOptIn(sequence())).toBe(true);
    expect(showsFollowUpOptIn(sequence({ steps: [] }))).toBe(false);
    expect(showsFollowUpOptIn(sequence({ basis: 'other', basisNote: 'Customers' }))).toBe(false);
  });

  it('follows up leads who opted in, or all on a page with another basis', () => {
    expect(mayFollowUp(sequence(), true)).toBe(true);
    expect(mayFollowUp(sequence(), false)).toBe(false);
    expect(mayFollowUp(sequence({ basis: 'other', basisNote: 'Customers' }), false)).toBe(true);
    expect(mayFollowUp(sequence({ steps: [] }), true)).toBe(false);
  });

  it('reads a page saved before sequences as having none', () => {
    expect(followUpsOf({})).toEqual(DEFAULT_FOLLOW_UPS);
  });
});

describe('what publishing refuses', () => {
  it('names each incomplete email and unknown placeholder', () => {
    const errors = followUpErrors(
      sequence({
        steps: [
          step({ subject: '', text: 'Hi {frist_name}' }),
          step({ id: 's2', subject: 'Your code {code}', delay: 400, unit: 'days', at: '9am' }),
        ],
      }),
    );
    expect(errors).toEqual({
      'followUps.steps.0.subject': 'Write a subject for this email',
      'followUps.steps.0.text': 'Unknown placeholder {frist_name}. You can use {lead_magnet}, {business_name} and {first_name}.',
      'followUps.steps.1.subject':
        '{code} works only in the confirmation subject: the email always shows the code below your text.',
      'followUps.steps.1.delay': 'Enter a whole number of hours or days, up to a year',
      'followUps.steps.1.at': 'Enter a time like 09:00',
    });
  });

  it('wants the other lawful basis said', () => {
    expect(followUpErrors(sequence({ basis: 'other' }))).toEqual({
      'followUps.basisNote': 'Say which lawful basis lets you email these leads without their opt-in',
    });
  });

  it('is part of publishing a page', () => {
    const config = { ...defaultFormConfig(), followUps: sequence({ steps: [step({ text: '' })] }) };
    expect(validateForPublish(config)).toMatchObject({ 'followUps.steps.0.text': 'Write what this email says' });
    expect(Object.keys(validateForPublish(defaultFormConfig())).some((key) => key.startsWith('followUps'))).toBe(false);
  });
});
