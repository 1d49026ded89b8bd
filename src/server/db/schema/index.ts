export * from './auth.js';
export * from './mail.js';
export * from './forms.js';
export * from './limits.js';
export * from './payments.js';
export * from './contact.js';
export * from './lead-data.js';
export * from './integrations.js';
