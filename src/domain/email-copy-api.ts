import { z } from 'zod';
import { EMAIL_COPY_LIMITS, VISITOR_EMAILS } from './email-copy';
import { designSchema } from './form-config';
import { LANGUAGE_CODES } from './i18n/languages';

/**
 * The page creator's look at the visitor's emails, before anything is saved (session cookie
 * required; any member who may edit pages):
 *
 *   POST /api/forms/email-preview  body EmailPreviewBody -> EmailPreview   (rendered by the real templates,
 *                                                                         with sample values)
 *   POST /api/forms/email-test     body EmailPreviewBody -> EmailTestSent  (that email, sent through the mail
 *                                                                         queue to the caller's own address;
 *                                                                         429 RATE_LIMITED after 5 in 10 minutes)
 *
 * The words are taken as typed, caps only (the design's colour and logo as the page's schema takes them): an unknown placeholder shows as typed, as it would go
 * out (saving the page refuses it: form-config's emailCopySchema). No form id: nothing saved is read.
 */
export const emailPreviewBodySchema = z.object({
  email: z.enum(VISITOR_EMAILS),
  businessName: z.string().max(200),
  leadMagnetName: z.string().max(200),
  emails: z.object({
    senderName: z.string().max(EMAIL_COPY_LIMITS.senderName),
    replyTo: z.string().max(EMAIL_COPY_LIMITS.replyTo),
    confirmSubject: z.string().max(EMAIL_COPY_LIMITS.subject),
    confirmText: z.string().max(EMAIL_COPY_LIMITS.text),
    deliverySubject: z.string().max(EMAIL_COPY_LIMITS.subject),
    deliveryText: z.string().max(EMAIL_COPY_LIMITS.text),
  }),
  /** The page's colour and logo, as its emails carry them (without: Lodestone's look). */
  design: designSchema.pick({ brandColor: true, logo: true }).optional(),
  /** The page's language, which Lodestone's words in its emails speak (without: English). */
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type EmailPreviewBody = z.infer<typeof emailPreviewBodySchema>;

export interface EmailPreview {
  subject: string;
  /** A whole HTML document: show it in a sandboxed frame (srcdoc), never in the app's own page. */
  html: string;
  text: string;
  /** The From header as a mail program shows it: the sender name beside Lodestone's sending address. */
  from: string;
  /** Where replies go; null when nowhere but the sending address. */
  replyTo: string | null;
}

export interface EmailTestSent {
  /** The caller's own address, where the test went. */
  to: string;
}

/** Test emails one person may send in 10 minutes. */
export const EMAIL_TESTS_PER_10_MINUTES = 5;
