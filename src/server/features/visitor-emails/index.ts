export { EMAIL_TESTS_RULE, visitorEmailRoutes } from './routes.js';
