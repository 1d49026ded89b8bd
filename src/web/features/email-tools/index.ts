export { EmailToolsSection } from './email-tools-section';
export { FormEmailToolsCard } from './form-email-tools-card';
