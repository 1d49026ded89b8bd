export { WorkspacePrivacyPage } from './workspace-privacy-page';
export { usePageDefaults } from './api';
