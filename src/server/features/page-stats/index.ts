export { abTestResults } from './ab-test-results.js';
export { pageStatsRoutes } from './routes.js';
