import type { TaskList } from 'graphile-worker';
import { type DomainSenderOf, emailsAtCommit } from '@/server/features/mail';
import type { Mailer } from '@/server/lib/mailer';
import { FOLLOW_UP_TASK, followUpTask } from './follow-up.task.js';
import type { LeadDeps } from './lead-state.js';

export { FOLLOW_UP_TASK, followUpTask } from './follow-up.task.js';
export {
  canResend,
  type ClientMeta,
  CODE_TTL_MS,
  DOWNLOAD_LINK_DAYS,
  downloadLinkOf,
  emailLanguage,
  paidDownloadUrl,
  paidPurchaseOf,
  findSubmission,
  type LeadDeps,
  type LeadRow,
  links,
  lockLead,
  markVerified,
  MAX_CODE_ATTEMPTS,
  mayReceiveFile,
  recordConfirmation,
  RESEND_AFTER_SECONDS,
  secondsUntilResend,
  sendCode,
  sendDownload,
  pageAsSignedUp,
  signupLanguage,
  submissionPath,
  unlockSubmission,
} from './lead-state.js';
export {
  cacheLiveForms,
  formForVisitor,
  formInLanguage,
  type LiveForm,
  type LiveFormLookup,
  liveFormsSynced,
  loadLiveForm,
  peekLiveForm,
  workspacePagesChanged,
} from './live-form.js';
export { allowedHostUrl, findPagePlacement, MAX_HOST_URL, type PagePlacement } from './page-placement.js';
export { confirmPayment, revokePayment } from './paid-leads.js';
export { storeSubmission, type VisitMeta } from './store-submission.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const submissionsTasks = (
  services: LeadDeps & { sendingDomains: { senderOf: DomainSenderOf } },
  mailer: Mailer,
): TaskList => ({
  [FOLLOW_UP_TASK]: followUpTask(
    services,
    emailsAtCommit({ db: services.db, mailer, domainSender: services.sendingDomains.senderOf }),
  ),
});
