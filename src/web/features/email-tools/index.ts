export { EmailToolsSection } from './email-tools-section';
