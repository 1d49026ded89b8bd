import { z } from 'zod';
import { formatCountUs } from '@/domain/us-english';

/**
 * The contact form's contract (public, no session; app face only, so the Origin check applies).
 *
 *   POST /api/contact   body ContactRequest   -> 201 ContactReceived
 *        400 VALIDATION_ERROR with `errors` per field; 429 RATE_LIMITED with Retry-After.
 *        A filled honeypot gets the same 201 and nothing is stored or sent.
 *   GET  /api/site                            -> SiteInfo
 */

export const CONTACT_TOPICS = ['General question', 'Sales', 'Support', 'Privacy request', 'Template request'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Short names for a topic in a link, e.g. /contact?topic=sales from 'Contact Sales'. */
export const CONTACT_TOPIC_SLUGS: Record<string, ContactTopic> = {
  general: 'General question',
  sales: 'Sales',
  support: 'Support',
  privacy: 'Privacy request',
  template: 'Template request',
};

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** The consent the sender gives, stored with the message word for word. */
export const CONTACT_CONSENT_TEXT = 'I agree that Lodestone stores this message to answer me, as described in the Privacy Policy';

/** The hidden field people never see or fill; bots that fill every input do. */
export const CONTACT_HONEYPOT_FIELD = 'website';

export const contactMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  topicRequired: 'Choose a topic',
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageTooLong: `Message must be at most ${formatCountUs(CONTACT_MESSAGE_MAX)} characters`,
  consentRequired: 'Please agree so that we can store your message and answer you',
  sent: 'Thanks! Your message has been sent. We will reply to your email address.',
  rateLimited: (minutes: number) =>
    `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;

export const contactRequestSchema = z.object({
  // One line: the name also goes into the email's subject.
  name: z
    .string()
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, contactMessages.nameRequired).max(CONTACT_NAME_MAX, contactMessages.nameTooLong)),
  email: z
    .string()
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(254, contactMessages.emailInvalid)
    .email(contactMessages.emailInvalid),
  topic: z.enum(CONTACT_TOPICS, { error: contactMessages.topicRequired }),
  message: z
    .string()
    .trim()
    .min(1, contactMessages.messageRequired)
    .min(CONTACT_MESSAGE_MIN, contactMessages.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, contactMessages.messageTooLong),
  consent: z.boolean({ error: contactMessages.consentRequired }).refine((v) => v, contactMessages.consentRequired),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactFields = z.output<typeof contactRequestSchema>;

export interface ContactReceived {
  received: true;
}

/** The public site settings the SPA reads from `GET /api/site`. */
export interface SiteInfo {
  supportEmail: string;
}
