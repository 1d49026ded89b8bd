export { ConversionsSection } from './conversions-section';
export { FormConversionsCard } from './form-conversions-card';
