export { download } from './download.js';
export { pageOfDamagedLink } from './email-links.js';
export { type JourneyDeps, submitFromPage } from './submit-from-page.js';
export { inboxThankYou, submissionThankYou, type ThankYouView } from './thank-you.js';
export { emailCounterKey, VISITOR_RATE_LIMITS, visitorRateLimits } from './visitor-limits.js';
