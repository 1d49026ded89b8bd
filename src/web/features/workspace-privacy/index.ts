export { WorkspacePrivacyPage } from './workspace-privacy-page';
