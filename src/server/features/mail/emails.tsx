import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { escapeHtml } from '@/domain/html';
import type { Executor } from '@/server/db/client';
import { addJob } from '@/server/lib/jobs';
import type { OutgoingMail } from '@/server/lib/mailer';
import { sealEmailJob, type QueuedEmail } from './sealed-email-job.js';
import { holdEmail } from './held-emails.js';
import { ContactMessageEmail, contactMessageSubject, type ContactMessageProps } from './templates/contact-email.js';
import {
  ConfirmEmail,
  confirmSubject,
  DeliveryEmail,
  deliverySubject,
  type ConfirmEmailProps,
  type DeliveryEmailProps,
} from './templates/lead-emails.js';
import {
  OwnerLeadDigestEmail,
  ownerLeadDigestSubject,
  OwnerNewLeadEmail,
  ownerNewLeadSubject,
  type OwnerLeadDigestProps,
  type OwnerNewLeadProps,
} from './templates/owner-lead-emails.js';
import { LeadExportReadyEmail, leadExportReadySubject, type LeadExportReadyProps } from './templates/export-emails.js';
import { PasswordResetEmail, passwordResetSubject, type PasswordResetProps } from './templates/password-reset.js';
import { WebhookDisabledEmail, webhookDisabledSubject, type WebhookDisabledProps } from './templates/webhook-emails.js';
import { SubmissionLimitEmail, submissionLimitSubject, type SubmissionLimitProps } from './templates/usage-emails.js';
import { EmailChangeEmail, emailChangeSubject, type EmailChangeProps } from './templates/account-emails.js';
import { TeamInvitationEmail, teamInvitationSubject, type TeamInvitationProps } from './templates/team-emails.js';
import {
  PaymentFailedEmail,
  paymentFailedSubject,
  PlanEndedEmail,
  planEndedSubject,
  type PaymentFailedProps,
  type PlanEndedProps,
} from './templates/billing-emails.js';
import {
  ReceiptEmail,
  receiptSubject,
  StampFailedEmail,
  stampFailedSubject,
  type ReceiptProps,
  type StampFailedProps,
} from './templates/receipt-emails.js';
import {
  DomainDisabledEmail,
  domainDisabledSubject,
  DomainFailingEmail,
  domainFailingSubject,
  type DomainDisabledProps,
  type DomainFailingProps,
} from './templates/domain-emails.js';
import { FollowUpEmail, followUpSubject, type FollowUpEmailProps } from './templates/follow-up-email.js';
import {
  SendingDomainFailingEmail,
  sendingDomainFailingSubject,
  type SendingDomainFailingProps,
} from './templates/sending-domain-emails.js';

/** Every email Lodestone sends: its subject and its react-email component. */
const templates = {
  passwordReset: { subject: () => passwordResetSubject, body: (p: PasswordResetProps) => <PasswordResetEmail {...p} /> },
  leadConfirm: { subject: confirmSubject, body: (p: ConfirmEmailProps) => <ConfirmEmail {...p} /> },
  leadDelivery: { subject: deliverySubject, body: (p: DeliveryEmailProps) => <DeliveryEmail {...p} /> },
  followUp: { subject: followUpSubject, body: (p: FollowUpEmailProps) => <FollowUpEmail {...p} /> },
  submissionLimit: { subject: submissionLimitSubject, body: (p: SubmissionLimitProps) => <SubmissionLimitEmail {...p} /> },
  contactMessage: { subject: contactMessageSubject, body: (p: ContactMessageProps) => <ContactMessageEmail {...p} /> },
  ownerNewLead: { subject: ownerNewLeadSubject, body: (p: OwnerNewLeadProps) => <OwnerNewLeadEmail {...p} /> },
  ownerLeadDigest: { subject: ownerLeadDigestSubject, body: (p: OwnerLeadDigestProps) => <OwnerLeadDigestEmail {...p} /> },
  leadExportReady: { subject: leadExportReadySubject, body: (p: LeadExportReadyProps) => <LeadExportReadyEmail {...p} /> },
  webhookDisabled: { subject: webhookDisabledSubject, body: (p: WebhookDisabledProps) => <WebhookDisabledEmail {...p} /> },
  emailChange: { subject: () => emailChangeSubject, body: (p: EmailChangeProps) => <EmailChangeEmail {...p} /> },
  teamInvitation: { subject: teamInvitationSubject, body: (p: TeamInvitationProps) => <TeamInvitationEmail {...p} /> },
  paymentFailed: { subject: paymentFailedSubject, body: (p: PaymentFailedProps) => <PaymentFailedEmail {...p} /> },
  planEnded: { subject: planEndedSubject, body: (p: PlanEndedProps) => <PlanEndedEmail {...p} /> },
  domainFailing: { subject: domainFailingSubject, body: (p: DomainFailingProps) => <DomainFailingEmail {...p} /> },
  domainDisabled: { subject: domainDisabledSubject, body: (p: DomainDisabledProps) => <DomainDisabledEmail {...p} /> },
  sendingDomainFailing: {
    subject: sendingDomainFailingSubject,
    body: (p: SendingDomainFailingProps) => <SendingDomainFailingEmail {...p} />,
  },
  receipt: { subject: receiptSubject, body: (p: ReceiptProps) => <ReceiptEmail {...p} /> },
  stampFailed: { subject: stampFailedSubject, body: (p: StampFailedProps) => <StampFailedEmail {...p} /> },
} satisfies Record<string, { subject: (props: never) => string; body: (props: never) => ReactElement }>;

export type EmailTemplate = keyof typeof templates;
export type EmailProps<T extends EmailTemplate> = Parameters<(typeof templates)[T]['body']>[0];
export interface EmailJob<T extends EmailTemplate = EmailTemplate> {
  template: T;
  to: string;
  /** The sender name beside MAIL_FROM's address, e.g. the page's business name; MAIL_FROM's own name otherwise. */
  fromName?: string;
  /** Where replies go (the mail's Reply-To), e.g. the sender of a contact message. */
  replyTo?: string;
  /**
   * A visitor's email: the workspace whose verified sending domain it goes from (decided when it is
   * sent, so a domain that fails meanwhile is not used). Owners' and Lodestone's own emails leave it out.
   */
  fromWorkspaceId?: string;
  /** More header fields, e.g. a follow-up email's one-click unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  props: EmailProps<T>;
}

export const SEND_EMAIL_TASK = 'send_email';

/**
 * Queues an email in the caller's transaction; the job queue renders and delivers it once. The job
 * is sealed (it holds codes, links and the address) and carries a message id, which is also the
 * job's key: the caller may keep it (e.g. in lead_emails) to find or remove the email later. A
 * caller that could queue the same email twice (a job run again after a crash) passes a message id
 * derived from what the email is about: delivery is once per message id, so the repeat is not sent.
 * Without one, the id is new (random). `alongside`: writes that go with the email, in the same
 * statement (see `addJob`), given the message id. Returns the message id.
 *
 * In a transaction that sends its emails before it commits (`emailsAtCommit`, decision 0108), an
 * email with a message id of the caller's is held for that instead of queued: its id stays the same
 * if the transaction is run again, so a repeat is told apart.
 */
export async function queueEmail<T extends EmailTemplate>(
  executor: Executor,
  job: EmailJob<T>,
  messageId?: string,
  alongside?: (messageId: string) => SQL[],
): Promise<string> {
  if (messageId !== undefined && (await holdEmail(executor, { ...job, messageId }, alongside?.(messageId) ?? [])))
    return messageId;
  const id = messageId ?? randomUUID();
  await addJob(executor, SEND_EMAIL_TASK, sealEmailJob({ ...job, messageId: id }), {
    jobKey: id,
    uniqueKey: messageId === undefined,
    alongside: alongside?.(id),
  });
  return id;
}

/**
 * react-email's `toPlainText` (its options, its selectors), compiled once: `toPlainText` compiles
 * html-to-text's selectors again for every email, which cost a third of a sent email's CPU.
 */
export const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * `whole`: render this email alone, not through the per-page skeletons below (a preview of words
 * not yet saved would only crowd the skeletons of the pages that send).
 */
export async function renderEmail(
  { messageId, template, to, fromName, replyTo, headers, props }: QueuedEmail,
  { whole = false }: { whole?: boolean } = {},
): Promise<OutgoingMail> {
  const definition = templates[template];
  if (!definition) throw new Error(`Unknown email template: ${String(template)}`);
  return {
    messageId,
    to,
    ...(fromName ? { fromName } : {}),
    ...(replyTo ? { replyTo } : {}),
    ...(headers ? { headers } : {}),
    subject: definition.subject(props as never),
    ...(await (whole ? renderFully(template, props) : renderBody(template, props))),
  };
}

type Body = { html: string; text: string };

async function renderFully(template: EmailTemplate, props: unknown): Promise<Body> {
  const html = await render(templates[template].body(props as never));
  return { html, text: toPlainText(html) };
}

/**
 * The props that differ from one recipient to the next in the emails every sign-up sends. Such an
 * email is rendered once per page (its other props) with a placeholder for each, and each email
 * fills them in: React renders an email in about a millisecond, a quarter of what a sign-up costs
 * the server in all. The first email of each page is also rendered whole and compared, and a
 * template whose output the placeholders do not reproduce is rendered whole every time.
 */
const PER_RECIPIENT: Partial<Record<EmailTemplate, readonly string[]>> = {
  leadConfirm: ['code', 'confirmUrl', 'firstName'],
  leadDelivery: ['downloadUrl', 'thankYouUrl', 'firstName'],
};
/** Per-recipient props a job may go without (the first name: only when the owner's words greet by it). */
const OPTIONAL: ReadonlySet<string> = new Set(['firstName']);
/**
 * What a filled-in value may hold: a URL's characters or digits, nothing html-to-text would reflow
 * and nothing (but `&`) that escaping could spell differently from React. A name: letters, digits,
 * dots and dashes in any script.
 */
const FILLABLE = /^[A-Za-z0-9\-._~:/?#@&=+%,;]+$/;
const FILLABLE_NAME = /^[\p{L}\p{M}\p{N}.-]+$/u;
const fillable = (name: string, value: unknown) =>
  typeof value === 'string' && (name === 'firstName' ? FILLABLE_NAME : FILLABLE).test(value);
const PLACEHOLDER_SALT = randomUUID().replaceAll('-', '');
const placeholder = (name: string) => `lsph${PLACEHOLDER_SALT}${name}x`;

interface Skeleton {
  body: Promise<Body>;
  /** Unknown until the first fill-in has been compared with a whole render. */
  faithful?: boolean;
}
const MAX_SKELETONS = 500;
const skeletons = new Map<string, Skeleton>();

async function renderBody(template: EmailTemplate, props: unknown): Promise<Body> {
  const values = props as Record<string, unknown>;
  const names = PER_RECIPIENT[template]?.filter((name) => !(OPTIONAL.has(name) && values[name] === undefined));
  if (!names || !names.every((name) => fillable(name, values[name]))) {
    return renderFully(template, props);
  }
  // With the per-recipient props it has: an email that greets by name is not one that does not.
  const key = JSON.stringify([template, names, Object.entries(values).filter(([name]) => !names.includes(name))]);
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    const withPlaceholders = { ...values, ...Object.fromEntries(names.map((name) => [name, placeholder(name)])) };
    skeleton = { body: renderFully(template, withPlaceholders) };
    if (skeletons.size >= MAX_SKELETONS) skeletons.delete(skeletons.keys().next().value!);
    skeletons.set(key, skeleton);
  }
  if (skeleton.faithful === false) return renderFully(template, props);
  const { html, text } = await skeleton.body;
  const fill = (into: string, escape: (value: string) => string) =>
    names.reduce((out, name) => out.replaceAll(placeholder(name), escape(values[name] as string)), into);
  const filled = { html: fill(html, escapeHtml), text: fill(text, (value) => value) };
  if (skeleton.faithful === undefined) {
    const whole = await renderFully(template, props);
    skeleton.faithful = whole.html === filled.html && whole.text === filled.text;
    return whole;
  }
  return filled;
}
