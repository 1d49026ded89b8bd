/**
 * The email tools and their names, as plain values: a screen that only names a tool (a page's
 * analytics) does not load the validation library with them. email-tools.ts re-exports them beside
 * its schemas.
 */
export const EMAIL_TOOL_PROVIDERS = ['mailchimp', 'kit'] as const;
export type EmailToolProvider = (typeof EMAIL_TOOL_PROVIDERS)[number];
export const EMAIL_TOOL_NAMES: Record<EmailToolProvider, string> = { mailchimp: 'Mailchimp', kit: 'Kit' };
