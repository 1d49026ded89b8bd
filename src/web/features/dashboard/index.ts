export { DashboardPage } from './dashboard-page';
export { type PublishedPage } from './published-notice';
