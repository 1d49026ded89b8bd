export { abTestResults } from './ab-test-results.js';
export { analyticsRoutes } from './routes.js';
