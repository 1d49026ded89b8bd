import type { KitPageSettings, MailchimpPageSettings } from '@/domain/email-tools';
import { kitApi } from './kit.js';
import type { LeadFields } from './lead-fields.js';
import { sameLabel } from './lead-fields.js';
import { mailchimpApi } from './mailchimp.js';
import type { ProviderFailure, ProviderResult } from './provider-http.js';

export interface LeadToPush {
  email: string;
  fields: LeadFields;
  /** The page's name, sent as a tag. */
  pageTag: string;
}

/** Mailchimp limits a merge field's value and a tag's name. */
const MAX_MERGE_VALUE = 255;
const MAX_TAG = 100;

type Pushed = ProviderResult<{ remoteId: string }>;

/**
 * Adds (or updates) the lead as a member of the chosen audience: FNAME/LNAME and one text merge
 * field per other answer, matched by name and created when the audience has none; the status of
 * a new member follows the audience's double opt-in setting ('pending' makes Mailchimp send its own
 * confirmation email); then the page's name and the chosen tags.
 */
export async function pushToMailchimp(
  apiKey: string,
  baseUrl: string,
  settings: MailchimpPageSettings,
  lead: LeadToPush,
): Promise<Pushed> {
  const api = mailchimpApi(apiKey, baseUrl);
  if (!api) return { ok: false, kind: 'auth', status: null, message: 'The stored Mailchimp key names no data centre.' };
  const list = await api.list(settings.listId);
  if (!list.ok) return list;
  const existing = await api.mergeFields(settings.listId);
  if (!existing.ok) return existing;
  const mergeFields = existing.value.merge_fields ?? [];
  const values: Record<string, string> = {};
  const answers = [...lead.fields.others];
  for (const [tag, value, label] of [
    ['FNAME', lead.fields.firstName, 'First Name'],
    ['LNAME', lead.fields.lastName, 'Last Name'],
  ] as const) {
    if (value === null) continue;
    if (mergeFields.some((f) => f.tag === tag)) values[tag] = value.slice(0, MAX_MERGE_VALUE);
    else answers.unshift({ label, value });
  }
  for (const { label, value } of answers) {
    let field = mergeFields.find((f) => sameLabel(f.name, label) || f.tag === label.toUpperCase());
    if (!field) {
      const created = await api.createMergeField(settings.listId, label.slice(0, 50));
      // An audience that takes no more fields still gets the member; only reachability failures stop here.
      if (!created.ok && created.kind === 'invalid') continue;
      if (!created.ok) return created;
      field = created.value;
      mergeFields.push(field);
    }
    values[field.tag] = value.slice(0, MAX_MERGE_VALUE);
  }
  const member = await api.upsertMember(settings.listId, {
    email: lead.email,
    statusIfNew: list.value.double_optin ? 'pending' : 'subscribed',
    mergeFields: values,
  });
  if (!member.ok) return member;
  const tags = [...new Set([lead.pageTag.slice(0, MAX_TAG), ...settings.tags])].filter((t) => t.trim() !== '');
  if (tags.length > 0) {
    const tagged = await api.addTags(settings.listId, lead.email, tags);
    if (!tagged.ok) return tagged;
  }
  return { ok: true, value: { remoteId: member.value.id } };
}

/**
 * Creates (or updates) the Kit subscriber with first_name and one custom field per other answer
 * (matched by label, created when missing), then adds them to the chosen form and tags them with
 * the page's name (a tag created when missing) and the chosen tags. With a form, a new subscriber
 * is created inactive so that the form's own opt-in decides: a double opt-in form sends Kit's
 * incentive email and activates them on confirmation; without a form they are created active.
 */
export async function pushToKit(apiKey: string, baseUrl: URL, settings: KitPageSettings, lead: LeadToPush): Promise<Pushed> {
  const api = kitApi(apiKey, baseUrl);
  const answers = [...lead.fields.others];
  if (lead.fields.lastName !== null) answers.unshift({ label: 'Last name', value: lead.fields.lastName });
  const fields: Record<string, string> = {};
  if (answers.length > 0) {
    const existing = await api.customFields();
    if (!existing.ok) return existing;
    const known = existing.value;
    for (const { label, value } of answers) {
      let field = known.find((f) => sameLabel(f.label, label) || f.key === label);
      if (!field) {
        const created = await api.createCustomField(label);
        if (!created.ok && created.kind === 'invalid') continue;
        if (!created.ok) return created;
        field = created.value.custom_field;
        known.push(field);
      }
      fields[field.key] = value;
    }
  }
  const subscriber = await api.upsertSubscriber({
    email: lead.email,
    firstName: lead.fields.firstName,
    state: settings.formId !== null ? 'inactive' : 'active',
    fields,
  });
  if (!subscriber.ok) return subscriber;
  if (settings.formId !== null) {
    const added = await api.addToForm(settings.formId, lead.email);
    if (!added.ok) return added;
  }
  const tagIds = new Set(settings.tagIds);
  const pageTag = await findOrCreateTag(api, lead.pageTag.slice(0, MAX_TAG));
  if (!pageTag.ok) return pageTag;
  tagIds.add(pageTag.value);
  for (const tagId of tagIds) {
    const tagged = await api.tagSubscriber(tagId, lead.email);
    if (!tagged.ok) return tagged;
  }
  return { ok: true, value: { remoteId: String(subscriber.value.subscriber.id) } };
}

async function findOrCreateTag(api: ReturnType<typeof kitApi>, name: string): Promise<ProviderResult<number> | ProviderFailure> {
  const tags = await api.tags();
  if (!tags.ok) return tags;
  const found = tags.value.find((t) => t.name.toLowerCase() === name.toLowerCase());
  if (found) return { ok: true, value: found.id };
  const created = await api.createTag(name);
  return created.ok ? { ok: true, value: created.value.tag.id } : created;
}
