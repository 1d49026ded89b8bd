// The screen (billing-page.tsx) is not exported here: the router loads it as a chunk of its own.
export { useBilling } from './api';
export { DashboardPlanCard, UsageCard } from './usage-card';
