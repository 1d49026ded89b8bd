import { providerCall, type ProviderResult } from './provider-http.js';

/** Kit's API v4 over fetch, with the account's v4 API key in `X-Kit-Api-Key`. Errors are `{ errors: ["…"] }`. */
export interface KitApi {
  account(): Promise<ProviderResult<{ account: { name: string } }>>;
  forms(): Promise<ProviderResult<KitChoice[]>>;
  tags(): Promise<ProviderResult<KitChoice[]>>;
  createTag(name: string): Promise<ProviderResult<{ tag: KitChoice }>>;
  customFields(): Promise<ProviderResult<KitCustomField[]>>;
  createCustomField(label: string): Promise<ProviderResult<{ custom_field: KitCustomField }>>;
  upsertSubscriber(subscriber: KitSubscriber): Promise<ProviderResult<{ subscriber: { id: number; state: string } }>>;
  addToForm(formId: number, email: string): Promise<ProviderResult<{ subscriber: { id: number; state: string } }>>;
  tagSubscriber(tagId: number, email: string): Promise<ProviderResult<unknown>>;
}

export interface KitChoice {
  id: number;
  name: string;
}

export interface KitCustomField {
  id: number;
  key: string;
  label: string;
}

export interface KitSubscriber {
  email: string;
  firstName: string | null;
  state: 'active' | 'inactive';
  fields: Record<string, string>;
}

interface Page {
  pagination?: { has_next_page?: boolean; end_cursor?: string | null };
}

function kitMessage(body: unknown, status: number): string {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join(' ');
  return `Kit answered HTTP ${status}.`;
}

/** At most this many pages of a list (of 1000 each) are read. */
const MAX_PAGES = 10;

export function kitApi(apiKey: string, baseUrl: URL): KitApi {
  const base = `${baseUrl.href.replace(/\/+$/, '')}/v4`;
  const headers = { 'x-kit-api-key': apiKey.trim() };
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    providerCall<T>({ method, url: `${base}${path}`, headers, body, errorMessage: kitMessage });

  /** Every item of a cursor-paginated list. */
  async function all<T>(path: string, key: string): Promise<ProviderResult<T[]>> {
    const items: T[] = [];
    let after: string | null | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await call<Page & Record<string, T[]>>(
        'GET',
        `${path}?per_page=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      if (!result.ok) return result;
      items.push(...(result.value[key] ?? []));
      if (!result.value.pagination?.has_next_page || !result.value.pagination.end_cursor) break;
      after = result.value.pagination.end_cursor;
    }
    return { ok: true, value: items };
  }

  return {
    account: () => call('GET', '/account'),
    forms: () => all<KitChoice>('/forms', 'forms'),
    tags: () => all<KitChoice>('/tags', 'tags'),
    createTag: (name) => call('POST', '/tags', { name }),
    customFields: () => all<KitCustomField>('/custom_fields', 'custom_fields'),
    createCustomField: (label) => call('POST', '/custom_fields', { label }),
    upsertSubscriber: (s) =>
      call('POST', '/subscribers', { email_address: s.email, first_name: s.firstName, state: s.state, fields: s.fields }),
    addToForm: (formId, email) => call('POST', `/forms/${formId}/subscribers`, { email_address: email }),
    tagSubscriber: (tagId, email) => call('POST', `/tags/${tagId}/subscribers`, { email_address: email }),
  };
}
