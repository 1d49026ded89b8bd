export { DashboardPage } from './dashboard-page';
export { type PublishedPage } from './published-notice';
// The dashboard's table pieces and formats, shared with the workspace's leads screens.
export { displayName, formatCount, formatDateTime } from './format';
export { EmptyTableState, LoadMoreFooter, ScrollingTable, TableHead, type PagedList } from './paged-table';
export { LeadPaymentSummary, PaymentStatusBadge } from './payment-cells';
export { CELL, Empty, LABELLED, ROW, When } from './table-parts';
