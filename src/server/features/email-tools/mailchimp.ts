import { createHash } from 'node:crypto';
import { mailchimpDataCentre } from '@/domain/email-tools';
import { providerCall, type ProviderResult } from './provider-http.js';

/**
 * Mailchimp's Marketing API 3.0 over fetch: HTTP Basic auth with the API key, at the data centre
 * the key names (`…-us21` → `https://us21.api.mailchimp.com/3.0`). Errors are problem JSON
 * `{ type, title, status, detail, errors? }`.
 */
export interface MailchimpApi {
  account(): Promise<ProviderResult<{ account_name: string }>>;
  lists(): Promise<ProviderResult<{ lists: MailchimpList[] }>>;
  list(listId: string): Promise<ProviderResult<MailchimpList>>;
  mergeFields(listId: string): Promise<ProviderResult<{ merge_fields: MailchimpMergeField[] }>>;
  createMergeField(listId: string, name: string): Promise<ProviderResult<MailchimpMergeField>>;
  upsertMember(listId: string, member: MailchimpMember): Promise<ProviderResult<{ id: string; status: string }>>;
  addTags(listId: string, email: string, tags: string[]): Promise<ProviderResult<unknown>>;
  deletePermanently(listId: string, email: string): Promise<ProviderResult<unknown>>;
}

export interface MailchimpList {
  id: string;
  name: string;
  double_optin: boolean;
  stats?: { member_count?: number };
}

export interface MailchimpMergeField {
  merge_id: number;
  tag: string;
  name: string;
  type: string;
}

export interface MailchimpMember {
  email: string;
  statusIfNew: 'subscribed' | 'pending';
  mergeFields: Record<string, string>;
}

/** Mailchimp names a member by the MD5 of the lower-cased address. */
export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

function problemMessage(body: unknown, status: number): string {
  if (typeof body !== 'object' || body === null) return `Mailchimp answered HTTP ${status}.`;
  const problem = body as { title?: unknown; detail?: unknown; errors?: Array<{ field?: string; message?: string }> };
  const parts = [typeof problem.detail === 'string' && problem.detail ? problem.detail : problem.title];
  for (const e of Array.isArray(problem.errors) ? problem.errors : []) {
    if (e.message) parts.push(e.field ? `${e.field}: ${e.message}` : e.message);
  }
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join(' ');
}

/** A client for one key, or undefined when the key names no data centre. */
export function mailchimpApi(apiKey: string, baseUrlTemplate: string): MailchimpApi | undefined {
  const dc = mailchimpDataCentre(apiKey);
  if (!dc) return undefined;
  const base = `${baseUrlTemplate.replace('{dc}', dc)}/3.0`;
  const headers = { authorization: `Basic ${Buffer.from(`lodestone:${apiKey.trim()}`).toString('base64')}` };
  const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    providerCall<T>({ method, url: `${base}${path}`, headers, body, errorMessage: problemMessage });
  const list = (id: string) => `/lists/${encodeURIComponent(id)}`;

  return {
    account: () => call('GET', '/?fields=account_name'),
    lists: () => call('GET', '/lists?count=100&fields=lists.id,lists.name,lists.double_optin,lists.stats.member_count'),
    list: (listId) => call('GET', `${list(listId)}?fields=id,name,double_optin`),
    mergeFields: (listId) =>
      call(
        'GET',
        `${list(listId)}/merge-fields?count=100&fields=merge_fields.merge_id,merge_fields.tag,merge_fields.name,merge_fields.type`,
      ),
    createMergeField: (listId, name) => call('POST', `${list(listId)}/merge-fields`, { name, type: 'text', required: false }),
    upsertMember: (listId, member) =>
      call('PUT', `${list(listId)}/members/${subscriberHash(member.email)}`, {
        email_address: member.email,
        status_if_new: member.statusIfNew,
        merge_fields: member.mergeFields,
      }),
    addTags: (listId, email, tags) =>
      call('POST', `${list(listId)}/members/${subscriberHash(email)}/tags`, {
        tags: tags.map((name) => ({ name, status: 'active' })),
      }),
    deletePermanently: (listId, email) =>
      call('POST', `${list(listId)}/members/${subscriberHash(email)}/actions/delete-permanent`),
  };
}
