import { z } from 'zod';
import { EMAIL_TOOL_PROVIDERS, type EmailToolProvider } from './email-tool-providers';
import { isoTimeSchema } from './iso-time';

/**
 * Email-tool connectors (docs/decisions/0022): an owner connects Mailchimp and/or Kit with an API key, picks
 * per page where its leads go, and each confirmed lead is added there by a background job.
 *
 * Owner API (APP_URL, session cookie; non-GET needs Origin = APP_URL):
 *   GET    /api/email-tools                         -> EmailToolsSettings
 *   PUT    /api/email-tools/:provider  body {apiKey} -> EmailToolsSettings  (checked with the provider first)
 *   DELETE /api/email-tools/:provider               -> EmailToolsSettings
 *   GET    /api/email-tools/:provider/lists          -> EmailToolLists       (404 when not connected)
 *   GET    /api/forms/:id/email-tools                -> FormEmailTools
 *   PUT    /api/forms/:id/email-tools  body FormEmailTools -> FormEmailTools
 *
 * Errors are `{ code, message, errors? }`: VALIDATION_ERROR (400), NOT_FOUND (404: another
 * workspace's page, or a tool that is not connected), PROVIDER_REJECTED (422: the provider refused
 * the key; `errors.apiKey` carries the provider's own message), PROVIDER_UNAVAILABLE (502).
 */

export { EMAIL_TOOL_NAMES, EMAIL_TOOL_PROVIDERS, type EmailToolProvider } from './email-tool-providers';

export const emailToolParamsSchema = z.object({ provider: z.enum(EMAIL_TOOL_PROVIDERS) });

export const connectEmailToolSchema = z.object({
  apiKey: z.string().trim().min(8, 'Enter your API key').max(200, 'This is too long for an API key'),
});
export type ConnectEmailTool = z.infer<typeof connectEmailToolSchema>;

/** Mailchimp keys end with their data centre (`…-us21`); the API lives at `https://us21.api.mailchimp.com`. */
export function mailchimpDataCentre(apiKey: string): string | undefined {
  const match = /-([a-z]{2,4}\d{1,3})$/.exec(apiKey.trim());
  return match?.[1];
}

export const MAILCHIMP_KEY_WITHOUT_DC =
  'This Mailchimp API key has no data centre at its end (like …-us21). Copy the whole key from Account → Extras → API keys.';

/** Only the key's last 4 characters (and a Mailchimp key's data centre) leave the server. */
export function maskApiKey(apiKey: string): string {
  const dc = mailchimpDataCentre(apiKey);
  const body = dc ? apiKey.slice(0, -(dc.length + 1)) : apiKey;
  return `…${body.slice(-4)}${dc ? `-${dc}` : ''}`;
}

export interface EmailToolConnection {
  maskedKey: string;
  accountName: string;
  connectedAt: string;
}

export type EmailToolsSettings = Record<EmailToolProvider, { connection: EmailToolConnection | null }>;

export interface MailchimpAudience {
  id: string;
  name: string;
  doubleOptIn: boolean;
  memberCount: number;
}

export interface KitChoice {
  id: number;
  name: string;
}

export type EmailToolLists =
  { provider: 'mailchimp'; audiences: MailchimpAudience[] } | { provider: 'kit'; forms: KitChoice[]; tags: KitChoice[] };

const tagName = z.string().trim().min(1, 'A tag needs a name').max(100, 'Keep tags under 100 characters');

export const formEmailToolsSchema = z.object({
  mailchimp: z
    .object({
      listId: z.string().trim().min(1, 'Pick an audience').max(100),
      tags: z.array(tagName).max(20, 'At most 20 tags'),
    })
    .nullable(),
  kit: z
    .object({
      formId: z.number().int().positive().nullable(),
      tagIds: z.array(z.number().int().positive()).max(20, 'At most 20 tags'),
    })
    .refine((kit) => kit.formId !== null || kit.tagIds.length > 0, {
      message: 'Pick a Kit form or at least one tag',
      path: ['formId'],
    })
    .nullable(),
});
export type FormEmailTools = z.infer<typeof formEmailToolsSchema>;
export type MailchimpPageSettings = NonNullable<FormEmailTools['mailchimp']>;
export type KitPageSettings = NonNullable<FormEmailTools['kit']>;

export const LEAD_SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
export type LeadSyncStatus = (typeof LEAD_SYNC_STATUSES)[number];

/** One lead's sync to one tool, as the lead's page shows it (and GET /api/v1/leads/{id}). */
export const leadSyncSchema = z.object({
  provider: z.enum(EMAIL_TOOL_PROVIDERS),
  status: z.enum(LEAD_SYNC_STATUSES),
  lastError: z
    .string()
    .nullable()
    .describe("The provider's own message when it refused the lead (or why the last attempt failed while retrying)."),
  syncedAt: isoTimeSchema.nullable(),
  attempts: z.number().int(),
});
export type LeadSync = z.infer<typeof leadSyncSchema>;
