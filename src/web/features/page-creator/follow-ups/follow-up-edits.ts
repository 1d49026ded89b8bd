import {
  DEFAULT_FOLLOW_UPS,
  delayHours,
  FOLLOW_UP_LIMITS,
  followUpErrors,
  followUpMessages,
  type FollowUps,
  type FollowUpStep,
} from '@/domain/follow-ups';
import type { FollowUpStats } from '@/domain/follow-ups-api';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

/**
 * The page creator's edits of a follow-up sequence (src/domain/follow-ups.ts), each returning the
 * sequence as it becomes, and the words the section shows about it.
 */

/** A new email's id: random, so that what leads were sent stays tied to it whatever moves. */
const newStepId = () => `email-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

/** A new email of the sequence: a day after the one before, to be written. */
export function newFollowUpStep(id: string = newStepId()): FollowUpStep {
  return { id, delay: 1, unit: 'days', at: '', subject: '', text: '' };
}

/**
 * "Add email" (nothing past the limit). A page's first email sets the sequence's time zone to the
 * owner's own, unless one other than the default was chosen before.
 */
export function withStepAdded(followUps: FollowUps, step: FollowUpStep, ownTimeZone: string): FollowUps {
  if (followUps.steps.length >= FOLLOW_UP_LIMITS.steps) return followUps;
  const first = followUps.steps.length === 0 && followUps.timeZone === DEFAULT_FOLLOW_UPS.timeZone;
  return { ...followUps, steps: [...followUps.steps, step], ...(first && ownTimeZone ? { timeZone: ownTimeZone } : {}) };
}

export function withStepRemoved(followUps: FollowUps, index: number): FollowUps {
  return { ...followUps, steps: followUps.steps.filter((_, i) => i !== index) };
}

/** Moves the email at `index` one place earlier (-1) or later (+1); nothing past either end. */
export function withStepMoved(followUps: FollowUps, index: number, by: -1 | 1): FollowUps {
  const to = index + by;
  if (index < 0 || index >= followUps.steps.length || to < 0 || to >= followUps.steps.length) return followUps;
  const steps = [...followUps.steps];
  [steps[index], steps[to]] = [steps[to]!, steps[index]!];
  return { ...followUps, steps };
}

export function withStepChanged(followUps: FollowUps, index: number, patch: Partial<Omit<FollowUpStep, 'id'>>): FollowUps {
  return { ...followUps, steps: followUps.steps.map((step, i) => (i === index ? { ...step, ...patch } : step)) };
}

/** A delay as typed, if the sequence takes it: a whole number of hours or days, at most a year. */
export function typedDelay(text: string, unit: FollowUpStep['unit']): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const delay = Number(text.trim());
  return delayHours({ delay, unit }) <= FOLLOW_UP_LIMITS.delayHours ? delay : null;
}

/** Problems of an empty box, which wait for a publish (or a preview) before being shown. */
const UNWRITTEN = new Set<string>([followUpMessages.subject, followUpMessages.text, followUpMessages.basisNote]);

const isFollowUpKey = (key: string) => key === 'followUps' || key.startsWith('followUps.');

/**
 * The errors the section shows. Before the editor has flagged the sequence, only what is wrong as
 * typed (an unknown placeholder, a bad time); once it has, every problem as the sequence is now, so
 * a fixed one goes and the errors follow emails that move.
 */
export function shownFollowUpErrors(followUps: FollowUps, errors: EditorErrors): EditorErrors {
  const live = followUpErrors(followUps);
  const flagged = Object.keys(errors).some(isFollowUpKey);
  if (flagged) return errors.followUps ? { followUps: errors.followUps, ...live } : live;
  return Object.fromEntries(Object.entries(live).filter(([, message]) => !UNWRITTEN.has(message)));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ');

/**
 * When an email goes, in words: "2 days after the previous email, at 09:00 (Europe/Paris)". The
 * first counts from the confirmation, or from the sign-up on a page without double opt-in.
 */
export function whenItGoes(
  step: Pick<FollowUpStep, 'delay' | 'unit' | 'at'>,
  index: number,
  timeZone: string,
  doubleOptIn: boolean,
) {
  const after = index > 0 ? 'the previous email' : doubleOptIn ? 'the sign-up is confirmed' : 'sign-up';
  const wait = plural(step.delay, step.unit === 'days' ? 'day' : 'hour', step.unit);
  const at = `${step.at} (${zoneName(timeZone)})`;
  if (step.at === '') return step.delay === 0 ? `Right after ${after}` : `${wait} after ${after}`;
  if (step.unit === 'days') return step.delay === 0 ? `At the next ${at} after ${after}` : `${wait} after ${after}, at ${at}`;
  return step.delay === 0 ? `At the next ${at} after ${after}` : `At the first ${at} at least ${wait} after ${after}`;
}

const percent = (part: number, whole: number) => `${whole === 0 ? '0' : ((part / whole) * 100).toFixed(1)}%`;

/** A page's follow-up figures as the section shows them; rates of the emails sent. */
export function followUpFigures(stats: FollowUpStats, steps: readonly Pick<FollowUpStep, 'id' | 'subject'>[]) {
  return {
    totals: [
      { label: 'Leads on the sequence', value: String(stats.leads) },
      { label: 'Emails sent', value: String(stats.sent) },
      { label: 'Unsubscribed', value: String(stats.unsubscribed) },
      { label: 'Bounce rate', value: percent(stats.bounced, stats.sent) },
      { label: 'Complaint rate', value: percent(stats.complained, stats.sent) },
    ],
    perEmail: steps.map((step, i) => ({
      label: `Email ${i + 1}${step.subject.trim() ? `: ${step.subject.trim()}` : ''}`,
      sent: stats.sentByStep[step.id] ?? 0,
    })),
  };
}
