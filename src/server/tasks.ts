import type { TaskList } from 'graphile-worker';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { CLEANUP_FILES_TASK, cleanupFilesTask } from './features/files/index.js';
import { CLEANUP_IMAGES_TASK, cleanupImagesTask } from './features/images/index.js';
import { PURGE_DELETED_FORMS_TASK, purgeDeletedFormsTask } from './features/forms/index.js';
import { OWNER_LEAD_DIGEST_TASK, ownerLeadDigestTask } from './features/lead-notifications/index.js';
import {
  EXPORT_LEADS_TASK,
  exportLeadsTask,
  PURGE_EXPIRED_EXPORTS_TASK,
  purgeExpiredExportsTask,
} from './features/lead-export/index.js';
import {
  emailToolsDeps,
  ERASE_FROM_EMAIL_TOOL_TASK,
  eraseFromEmailToolTask,
  SYNC_LEAD_TASK,
  syncLeadTask,
} from './features/email-tools/index.js';
import { FOLLOW_UP_TASK, followUpTask } from '@/server/features/submissions';
import { PURGE_IDEMPOTENCY_KEYS_TASK, purgeIdempotencyKeysTask } from './features/public-api/index.js';
import { DISPATCH_EVENT_TASK, dispatchEventTask } from './features/outbox/index.js';
import { eventConsumers } from './event-consumers.js';
import { PURGE_EXPIRED_LEADS_TASK, purgeExpiredLeadsTask } from '@/server/features/workspace-privacy';
import { PURGE_VISITOR_TRACES_TASK, purgeVisitorTracesTask } from '@/server/features/page-counts';
import { createTokens } from './lib/tokens.js';
import {
  DELIVER_WEBHOOK_TASK,
  deliverWebhookTask,
  PURGE_WEBHOOK_EVENTS_TASK,
  purgeWebhookEventsTask,
  webhookDeps,
} from './features/webhooks/index.js';
import {
  SEND_EMAIL_TASK,
  PURGE_EMAIL_DELIVERIES_TASK,
  purgeEmailDeliveriesTask,
  emailJobSealer,
  sealQueuedEmailsWith,
  sendEmailTask,
} from './features/mail/index.js';
import { PURGE_ACCOUNTS_TASK, purgeAccountsTask } from './features/account/index.js';
import { billingDeps, END_GRACE_PERIODS_TASK, endGracePeriodsTask } from './features/billing/index.js';
import { RELEASE_HELD_LEADS_TASK, releaseHeldLeadsTask } from './features/plan-limits/index.js';
import { domainDeps, RECHECK_DOMAINS_TASK, recheckDomainsTask, systemResolver } from './features/custom-domains/index.js';
import type { Mailer } from './lib/mailer.js';
import type { Storage } from './lib/storage.js';

/** Every background task, for the worker in main.ts and for tests that run the queue. */
export function createTaskList(config: Config, db: Db, mailer: Mailer, storage: Storage): TaskList {
  // Tasks queue emails too (a follow-up, a digest), also in the job thread, which builds no app.
  sealQueuedEmailsWith(emailJobSealer(config.secret));
  const leads = {
    db,
    tokens: createTokens(config.secret),
    publicOrigin: config.publicUrl.origin,
    appOrigin: config.appUrl.origin,
  };
  const emailTools = emailToolsDeps(config, db);
  return {
    [DISPATCH_EVENT_TASK]: dispatchEventTask(db, eventConsumers),
    [SEND_EMAIL_TASK]: sendEmailTask({ mailer, db, sealer: emailJobSealer(config.secret) }),
    [FOLLOW_UP_TASK]: followUpTask(leads),
    [CLEANUP_FILES_TASK]: cleanupFilesTask(db, storage),
    [CLEANUP_IMAGES_TASK]: cleanupImagesTask(db, storage),
    [PURGE_DELETED_FORMS_TASK]: purgeDeletedFormsTask(db, storage),
    [PURGE_EMAIL_DELIVERIES_TASK]: purgeEmailDeliveriesTask(db),
    [PURGE_VISITOR_TRACES_TASK]: purgeVisitorTracesTask(db),
    [PURGE_EXPIRED_LEADS_TASK]: purgeExpiredLeadsTask(db),
    [OWNER_LEAD_DIGEST_TASK]: ownerLeadDigestTask({ db, appOrigin: config.appUrl.origin }),
    [EXPORT_LEADS_TASK]: exportLeadsTask({ db, storage, tokens: leads.tokens, appOrigin: leads.appOrigin }),
    [PURGE_EXPIRED_EXPORTS_TASK]: purgeExpiredExportsTask(db, storage),
    [DELIVER_WEBHOOK_TASK]: deliverWebhookTask(webhookDeps(config, db)),
    [PURGE_WEBHOOK_EVENTS_TASK]: purgeWebhookEventsTask(db),
    [SYNC_LEAD_TASK]: syncLeadTask(emailTools),
    [ERASE_FROM_EMAIL_TOOL_TASK]: eraseFromEmailToolTask(emailTools),
    [PURGE_IDEMPOTENCY_KEYS_TASK]: purgeIdempotencyKeysTask(db),
    [PURGE_ACCOUNTS_TASK]: purgeAccountsTask(db, storage),
    [END_GRACE_PERIODS_TASK]: endGracePeriodsTask(billingDeps(config, db)),
    [RELEASE_HELD_LEADS_TASK]: releaseHeldLeadsTask({ db, appOrigin: config.appUrl.origin }),
    // The job thread builds no app, so no serving map to refresh here: the database tells every server.
    [RECHECK_DOMAINS_TASK]: recheckDomainsTask(
      domainDeps({ db, resolver: systemResolver(config.dnsServers), appUrl: config.appUrl, publicUrl: config.publicUrl }),
    ),
  };
}
