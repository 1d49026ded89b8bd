import { z } from 'zod';
import { EMAIL_COPY_LIMITS } from './email-copy';
import { designSchema } from './form-config';
import { FOLLOW_UP_LIMITS } from './follow-ups';
import { LANGUAGE_CODES } from './i18n/languages';

/**
 * The page creator's look at a follow-up email before anything is saved, and a page's follow-up
 * figures (session cookie; any member who may edit pages):
 *
 *   POST /api/forms/follow-up-preview  body FollowUpPreviewBody -> EmailPreview (email-copy-api.ts)
 *   POST /api/forms/follow-up-test     body FollowUpPreviewBody -> EmailTestSent (the caller's own address;
 *                                      shares the visitor emails' 5 tests in 10 minutes)
 *   GET  /api/forms/:id/follow-ups                              -> FollowUpStats
 *
 * A lead's follow-ups are part of its detail (lead-detail.ts: LeadFollowUps).
 */
export const followUpPreviewBodySchema = z.object({
  businessName: z.string().max(200),
  leadMagnetName: z.string().max(200),
  emails: z.object({
    senderName: z.string().max(EMAIL_COPY_LIMITS.senderName),
    replyTo: z.string().max(EMAIL_COPY_LIMITS.replyTo),
  }),
  step: z.object({
    subject: z.string().max(FOLLOW_UP_LIMITS.subject),
    text: z.string().max(FOLLOW_UP_LIMITS.text),
  }),
  design: designSchema.pick({ brandColor: true, logo: true }).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type FollowUpPreviewBody = z.infer<typeof followUpPreviewBodySchema>;

/** A page's follow-ups since its sequence began. Rates are of the emails sent (0 when none). */
export interface FollowUpStats {
  /** Leads on the sequence (opted in, or on a page with another basis). */
  leads: number;
  sent: number;
  /** Per step of the published sequence, by step id. */
  sentByStep: Record<string, number>;
  unsubscribed: number;
  bounced: number;
  complained: number;
  bounceRate: number;
  complaintRate: number;
}

/** What a lead's detail says of its follow-ups. */
export interface LeadFollowUps {
  /** Whether the lead ticked the page's opt-in; null when the page asked none (no sequence, or another basis). */
  optedIn: boolean | null;
  state: 'none' | 'active' | 'paused' | 'finished' | 'stopped';
  stoppedBecause: 'unsubscribed' | 'bounced' | 'complained' | 'erased' | 'withdrawn' | null;
  sent: Array<{ stepId: string; position: number; subject: string; sentAt: string }>;
  next: { stepId: string; position: number; subject: string; dueAt: string } | null;
}
