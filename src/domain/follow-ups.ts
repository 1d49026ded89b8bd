/**
 * A page's follow-up sequence (docs/decisions/0090): up to ten emails after a confirmed sign-up (or
 * after the sign-up on a page without double opt-in), each a delay after the one before, optionally
 * at a time of day in the sequence's time zone, in the owner's words with the delivery email's
 * placeholders. Follow-ups are marketing: on a page whose basis is consent they go only to leads who
 * ticked the page's separate, unticked opt-in.
 */
import { z } from 'zod';
import { EMAIL_COPY_LIMITS, placeholderProblem } from './email-copy';
import { isTimeZone } from './sections';
import { wallClockInstant, zonedDate } from './zoned-time';

export const FOLLOW_UP_LIMITS = {
  steps: 10,
  subject: EMAIL_COPY_LIMITS.subject,
  text: EMAIL_COPY_LIMITS.text,
  optInText: 300,
  basisNote: 500,
  /** The longest wait before one email: a year. */
  delayHours: 365 * 24,
} as const;

export const FOLLOW_UP_UNITS = ['hours', 'days'] as const;
export type FollowUpUnit = (typeof FOLLOW_UP_UNITS)[number];

/**
 * 'consent': only leads who ticked the opt-in. 'other': the owner recorded another lawful basis
 * (basisNote says which, e.g. a soft opt-in for existing customers) and the page shows no opt-in.
 */
export const FOLLOW_UP_BASES = ['consent', 'other'] as const;
export type FollowUpBasis = (typeof FOLLOW_UP_BASES)[number];

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const followUpMessages = {
  delay: 'Enter a whole number of hours or days, up to a year',
  at: 'Enter a time like 09:00',
  subject: 'Write a subject for this email',
  text: 'Write what this email says',
  timeZone: 'Choose a time zone from the list',
  basisNote: 'Say which lawful basis lets you email these leads without their opt-in',
  tooMany: `A sequence has at most ${FOLLOW_UP_LIMITS.steps} emails`,
} as const;

export const followUpStepSchema = z.object({
  /** Stable across edits and reordering: what a lead was sent is recorded against it. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  delay: z.number().int().min(0),
  unit: z.enum(FOLLOW_UP_UNITS),
  /** 'HH:MM' in the sequence's time zone, or '' to send as soon as the delay is over. */
  at: z.string().refine((v) => v === '' || TIME_OF_DAY.test(v), followUpMessages.at),
  subject: z.string().max(FOLLOW_UP_LIMITS.subject),
  text: z.string().max(FOLLOW_UP_LIMITS.text),
});
export type FollowUpStep = z.infer<typeof followUpStepSchema>;

export const followUpsSchema = z.object({
  steps: z.array(followUpStepSchema).max(FOLLOW_UP_LIMITS.steps, followUpMessages.tooMany).default([]),
  /** Paused: nothing more is sent until it is resumed; what fell due meanwhile goes then. */
  paused: z.boolean().default(false),
  basis: z.enum(FOLLOW_UP_BASES).default('consent'),
  basisNote: z.string().trim().max(FOLLOW_UP_LIMITS.basisNote).default(''),
  /** The opt-in's words ('' is Lodestone's, in the page's language: "Send me occasional emails from {business_name}"). */
  optInText: z.string().trim().max(FOLLOW_UP_LIMITS.optInText).default(''),
  timeZone: z.string().refine(isTimeZone, followUpMessages.timeZone).default('UTC'),
});
export type FollowUps = z.infer<typeof followUpsSchema>;

export const DEFAULT_FOLLOW_UPS: FollowUps = {
  steps: [],
  paused: false,
  basis: 'consent',
  basisNote: '',
  optInText: '',
  timeZone: 'UTC',
};

/** A page's sequence; pages saved before sequences have none. */
export const followUpsOf = (config: { followUps?: Partial<FollowUps> | undefined }): FollowUps => ({
  ...DEFAULT_FOLLOW_UPS,
  ...config.followUps,
});

/** The page shows the opt-in checkbox: it has a sequence and relies on consent for it. */
export const showsFollowUpOptIn = (followUps: FollowUps): boolean => followUps.steps.length > 0 && followUps.basis === 'consent';

/** A lead gets the sequence: there is one, and either the lead opted in or the owner recorded another basis. */
export const mayFollowUp = (followUps: FollowUps, optedIn: boolean): boolean =>
  followUps.steps.length > 0 && (followUps.basis === 'other' || optedIn);

const HOUR = 3_600_000;

export const delayHours = (step: Pick<FollowUpStep, 'delay' | 'unit'>): number =>
  step.unit === 'days' ? step.delay * 24 : step.delay;

/**
 * When a step falls due, counted from `after` (the confirmation for the first email, the previous
 * email's send for the others). Without a time of day: `after` plus the delay. With one, in
 * `timeZone`: for days, that many calendar days after `after`'s date at that time; for hours, the
 * first time that clock time comes once the hours are over. Never before `after` plus the delay
 * for hours, never before `after` itself for days (0 days at 09:00 signed up at 10:00 is tomorrow).
 */
export function followUpDueAt(after: Date, step: Pick<FollowUpStep, 'delay' | 'unit' | 'at'>, timeZone: string): Date {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  if (!TIME_OF_DAY.test(step.at)) return new Date(after.getTime() + delayHours(step) * HOUR);
  const [hour, minute] = step.at.split(':').map(Number) as [number, number];
  const earliest = step.unit === 'days' ? after.getTime() : after.getTime() + step.delay * HOUR;
  const start = zonedDate(new Date(earliest), zone);
  const dayOffset = step.unit === 'days' ? step.delay : 0;
  // Calendar arithmetic in UTC on the zone's date: Date.UTC rolls days past a month's end over.
  for (let extra = 0; extra < 3; extra++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + dayOffset + extra));
    const due = wallClockInstant(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute },
      zone,
    );
    if (due.getTime() > earliest || (due.getTime() === earliest && step.unit === 'hours')) return due;
  }
  return new Date(earliest + 24 * HOUR);
}

/** Every problem of a sequence, keyed as the editor and the API show them ('followUps.steps.0.subject', …). */
export function followUpErrors(followUps: FollowUps | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!followUps) return errors;
  if (followUps.steps.length > FOLLOW_UP_LIMITS.steps) errors['followUps.steps'] = followUpMessages.tooMany;
  followUps.steps.forEach((step, i) => {
    const key = `followUps.steps.${i}`;
    if (!Number.isInteger(step.delay) || step.delay < 0 || delayHours(step) > FOLLOW_UP_LIMITS.delayHours) {
      errors[`${key}.delay`] = followUpMessages.delay;
    }
    if (step.at !== '' && !TIME_OF_DAY.test(step.at)) errors[`${key}.at`] = followUpMessages.at;
    if (step.subject.trim() === '') errors[`${key}.subject`] = followUpMessages.subject;
    else {
      const problem = placeholderProblem('deliverySubject', step.subject);
      if (problem) errors[`${key}.subject`] = problem;
    }
    if (step.text.trim() === '') errors[`${key}.text`] = followUpMessages.text;
    else {
      const problem = placeholderProblem('deliveryText', step.text);
      if (problem) errors[`${key}.text`] = problem;
    }
  });
  if (!isTimeZone(followUps.timeZone)) errors['followUps.timeZone'] = followUpMessages.timeZone;
  if (followUps.steps.length > 0 && followUps.basis === 'other' && followUps.basisNote.trim() === '') {
    errors['followUps.basisNote'] = followUpMessages.basisNote;
  }
  return errors;
}
