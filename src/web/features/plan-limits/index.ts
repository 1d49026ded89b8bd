export { HeldLeadsNotice } from './held-leads-notice';
export { KeptPagesCard } from './kept-pages-card';
export { planLimitKeys } from './api';
