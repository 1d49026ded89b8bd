export { type ApiCaller, authenticateApiKey, planAllowsApi, touchApiKey } from './keys.js';
export { apiKeysRoutes } from './routes.js';
