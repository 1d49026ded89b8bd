// One file per feature, named like the feature folder that owns its tables (decision 0074). Everything
// is re-exported here: the app imports `@/server/db/schema/index` and drizzle-kit reads this file.
export * from './auth.js';
export * from './team.js';
export * from './workspace-privacy.js';
export * from './billing.js';
export * from './plan-limits.js';
export * from './rate-limiter.js';
export * from './jobs.js';
export * from './mail.js';
export * from './forms.js';
export * from './files.js';
export * from './images.js';
export * from './custom-domains.js';
export * from './submissions.js';
export * from './page-counts.js';
export * from './page-stats.js';
export * from './ab-testing.js';
export * from './payments.js';
export * from './outbox.js';
export * from './webhooks.js';
export * from './email-tools.js';
export * from './api-keys.js';
export * from './idempotency.js';
export * from './lead-export.js';
export * from './contact.js';
export * from './placements.js';
