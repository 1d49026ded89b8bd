// The screens (*-page.tsx) are not exported here: the router loads each as a chunk of its own
// (src/web/app/screens.ts), and a feature importing this index would evaluate them with it.
export type { PublishedPage } from './published-state';
// The dashboard's table pieces and formats, shared with the workspace's leads screens.
export { displayName, formatCount, formatDateTime, formatPercent } from './format';
export { EmptyTableState, LoadMoreFooter, ScrollingTable, TableHead, type PagedList } from './paged-table';
export { LeadPaymentSummary, PaymentStatusBadge } from './payment-cells';
export { CELL, Empty, LABELLED, ROW, When } from './table-parts';
