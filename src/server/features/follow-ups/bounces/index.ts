export { applyMailEvents, type MailProvider } from './apply.js';
export { mailgunEvents, queuedIdOf, sendgridEvents, type MailEvent } from './events.js';
export { MAILGUN_WEBHOOK_PATH, mailWebhookRoutes, SENDGRID_WEBHOOK_PATH } from './routes.js';
export { mailgunSignatureValid, sendgridVerifier } from './verify.js';
