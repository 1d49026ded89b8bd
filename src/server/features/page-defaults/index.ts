export { adoptPageChecks, adoptPageLanguage, adoptPrivacyPolicyUrl, pageDefaults } from './page-defaults.js';
export { pageDefaultsRoutes } from './routes.js';
