import { emailSender, emailWordingIn, ownerWordsOf, SAMPLE_EMAIL_VALUES } from '@/domain/email-copy';
import type { EmailPreview, EmailPreviewBody } from '@/domain/email-copy-api';
import type { Db } from '@/server/db/client';
import { displayAddress, senderOf } from '@/server/lib/mailer';
import { DOWNLOAD_LINK_DAYS } from '@/server/features/submissions';
import { type DomainSenderOf, emailBrandOf, queueEmail, renderEmail, type EmailJob } from '@/server/features/mail/index';
import { visitorWords } from '@/server/lib/visitor-words';
import { firstOwnerEmail } from '@/server/features/workspaces/index';

export interface VisitorEmailDeps {
  db: Db;
  publicOrigin: string;
  mailFrom: string;
  /** The workspace's verified sending domain (features/sending-domains): the preview shows the address visitors see. */
  domainSender?: DomainSenderOf;
}

/**
 * The email a visitor of a page with these words would get, in the page's language, with sample
 * values for what differs per visitor (first name, code) and links to the public site's front page
 * instead of a lead's. A test email's subject says it is one.
 */
async function sampleEmail(
  deps: VisitorEmailDeps,
  workspaceId: string,
  body: EmailPreviewBody,
  to: string,
  test: boolean,
): Promise<EmailJob> {
  const t = visitorWords(body.language);
  const businessName = body.businessName.trim() || t('preview.email.sampleBusiness');
  const leadMagnetName = body.leadMagnetName.trim() || t('preview.email.sampleLeadMagnet');
  const words = ownerWordsOf(body.emails, body.email) ?? { subject: '', text: '' };
  const subject = words.subject.trim() || emailWordingIn(t)[body.email === 'confirm' ? 'confirmSubject' : 'deliverySubject'];
  const copy = test ? { ...words, subject: t('preview.email.testSubject', { subject }) } : words;
  const sender = emailSender(body.emails, businessName, await firstOwnerEmail(deps.db, workspaceId));
  const link = `${deps.publicOrigin}/`;
  // A test email goes the way a visitor's does, from the sending domain once it is verified.
  const from = { ...sender, fromWorkspaceId: workspaceId };
  const brand = emailBrandOf(body.design, deps.publicOrigin);
  const shared = {
    businessName,
    leadMagnetName,
    copy,
    firstName: t('preview.email.sampleFirstName'),
    ...(brand ? { brand } : {}),
    ...(t.language !== 'en' ? { language: t.language } : {}),
  };
  return body.email === 'confirm'
    ? { template: 'leadConfirm', to, ...from, props: { ...shared, code: SAMPLE_EMAIL_VALUES.code, confirmUrl: link } }
    : {
        template: 'leadDelivery',
        to,
        ...from,
        props: { ...shared, downloadUrl: link, thankYouUrl: link, expiresInDays: DOWNLOAD_LINK_DAYS },
      };
}

/** The email rendered whole by the real templates, as the owner's preview shows it. */
export async function previewVisitorEmail(
  deps: VisitorEmailDeps,
  owner: { workspaceId: string; email: string },
  body: EmailPreviewBody,
): Promise<EmailPreview> {
  const job = await sampleEmail(deps, owner.workspaceId, body, owner.email, false);
  const [mail, domain] = await Promise.all([
    renderEmail({ ...job, messageId: 'preview' }, { whole: true }),
    deps.domainSender?.(owner.workspaceId),
  ]);
  return {
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    from: displayAddress(senderOf(deps.mailFrom, mail.fromName, domain ?? undefined)),
    replyTo: mail.replyTo ?? null,
  };
}

/** The email, through the mail queue (sealed, sent once) like every other, to the caller's own address. */
export async function sendTestVisitorEmail(
  deps: VisitorEmailDeps,
  owner: { workspaceId: string; email: string },
  body: EmailPreviewBody,
): Promise<void> {
  const job = await sampleEmail(deps, owner.workspaceId, body, owner.email, true);
  await queueEmail(deps.db, job);
}
