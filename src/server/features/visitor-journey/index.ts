export { type SignUpPage, pageOfDamagedLink, pageOfLead } from './email-links.js';
export { clientMeta, damagedLink, NOT_SAVED_YET, visitorJourneyRoutes } from './routes.js';
export { type JourneyDeps, submitFromPage } from './submit-from-page.js';
export { inboxThankYou, submissionThankYou } from './thank-you.js';
export { emailCounterKey, VISITOR_RATE_LIMITS, type VisitorLimits, visitorRateLimits } from './visitor-limits.js';
export { receiptRoutes } from './receipt-routes.js';
