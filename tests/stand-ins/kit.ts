import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  headerValue,
  type LoggedRequest,
  loggedRequest,
  type PageHandler,
  parseJsonBody,
  Router,
  type RunningStandIn,
  sendJson,
  serveStandIn,
  StandInError,
  withCommonControls,
} from './http.js';
import { DeliveryScheduler } from './webhooks.js';

/**
 * A local Kit (ConvertKit) API v4 for tests: account, forms, tags, custom fields, subscriber upsert,
 * adding to a form (a double opt-in form keeps a new subscriber inactive and "sends" its incentive
 * email; a single opt-in form activates them) and tagging, with `X-Kit-Api-Key` auth and
 * `{ errors: [...] }` bodies. See README.md in this folder.
 */

export interface KitSubscriber {
  id: number;
  first_name: string | null;
  email_address: string;
  state: 'active' | 'inactive' | 'cancelled' | 'bounced' | 'complained';
  created_at: string;
  fields: Record<string, string | null>;
  /** What the stand-in records for tests (not in Kit's answers). */
  forms: number[];
  tags: number[];
  incentiveEmails: number[];
}

interface Owned {
  apiKey: string;
}
interface KitForm extends Owned {
  id: number;
  name: string;
  created_at: string;
  type: 'embed' | 'hosted';
  format: string | null;
  embed_js: string;
  embed_url: string;
  archived: boolean;
  uid: string;
  double_opt_in: boolean;
}
interface KitTag extends Owned {
  id: number;
  name: string;
  created_at: string;
}
interface KitCustomField extends Owned {
  id: number;
  name: string;
  key: string;
  label: string;
}

export interface KitStandIn extends RunningStandIn {
  addAccount(account: { apiKey: string; accountName?: string }): void;
  addForm(form: { apiKey: string; name: string; doubleOptIn?: boolean }): { id: number; name: string };
  addTag(tag: { apiKey: string; name: string }): { id: number; name: string };
  failNext(count: number, status: number, retryAfter?: number): void;
  subscribers(apiKey: string): KitSubscriber[];
  /** The key stops working, as when the owner deletes it in Kit. */
  revokeKey(apiKey: string): void;
  customFields(apiKey: string): Array<{ key: string; label: string }>;
  tags(apiKey: string): Array<{ id: number; name: string }>;
  readonly requests: readonly LoggedRequest[];
}

class KitError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join(' '));
  }
}

const pagination = () => ({
  has_previous_page: false,
  has_next_page: false,
  start_cursor: null,
  end_cursor: null,
  per_page: 500,
});
const strip = <T extends Owned>({ apiKey: _, ...rest }: T) => rest;

export async function startKitStandIn({ port = 0 }: { port?: number } = {}): Promise<KitStandIn> {
  const accounts = new Map<string, { name: string; id: number }>();
  const forms: KitForm[] = [];
  const tags: KitTag[] = [];
  const fields: KitCustomField[] = [];
  const subscribers = new Map<string, Map<string, KitSubscriber>>();
  const requests: LoggedRequest[] = [];
  let failures: { count: number; status: number; retryAfter?: number } = { count: 0, status: 500 };
  let nextId = 1000;
  const now = () => new Date().toISOString();

  const addAccount = ({ apiKey, accountName = 'Stand-in Kit account' }: { apiKey: string; accountName?: string }) => {
    accounts.set(apiKey, { name: accountName, id: nextId++ });
    if (!subscribers.has(apiKey)) subscribers.set(apiKey, new Map());
  };
  const owned = (apiKey: string) => {
    if (!accounts.has(apiKey)) throw new StandInError(404, 'Unknown account');
  };
  const addForm = ({ apiKey, name, doubleOptIn = true }: { apiKey: string; name: string; doubleOptIn?: boolean }) => {
    owned(apiKey);
    const id = nextId++;
    const uid = randomBytes(5).toString('hex');
    forms.push({
      apiKey,
      id,
      name,
      created_at: now(),
      type: 'embed',
      format: 'inline',
      embed_js: `https://example.kit.com/${uid}/index.js`,
      embed_url: `https://example.kit.com/${uid}`,
      archived: false,
      uid,
      double_opt_in: doubleOptIn,
    });
    return { id, name };
  };
  const addTag = ({ apiKey, name }: { apiKey: string; name: string }) => {
    owned(apiKey);
    const tag = { apiKey, id: nextId++, name, created_at: now() };
    tags.push(tag);
    return { id: tag.id, name };
  };

  function authenticate(req: IncomingMessage): string {
    const key = headerValue(req, 'x-kit-api-key') ?? '';
    if (!accounts.has(key)) throw new KitError(401, ['The API key is invalid']);
    return key;
  }
  const emailOf = (body: Record<string, unknown>) => {
    const email = typeof body.email_address === 'string' ? body.email_address.trim().toLowerCase() : '';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new KitError(422, ['Email address is invalid']);
    return email;
  };
  const subscriberOf = (key: string, body: Record<string, unknown>) => {
    const subscriber = subscribers.get(key)!.get(emailOf(body));
    if (!subscriber) throw new KitError(404, ['Not Found']);
    return subscriber;
  };
  const visible = ({ forms: _f, tags: _t, incentiveEmails: _i, ...rest }: KitSubscriber) => rest;

  type Handler = (key: string, params: Record<string, string>, body: Record<string, unknown>) => [number, unknown];
  const api = new Router<Handler>()
    .on('GET', '/v4/account', (key) => {
      const account = accounts.get(key)!;
      return [
        200,
        {
          user: { email: 'owner@example.com' },
          account: {
            name: account.name,
            plan_type: 'creator',
            primary_email_address: 'owner@example.com',
            created_at: now(),
            id: account.id,
          },
        },
      ];
    })
    .on('GET', '/v4/forms', (key) => [
      200,
      { forms: forms.filter((f) => f.apiKey === key).map(({ double_opt_in: _, ...f }) => strip(f)), pagination: pagination() },
    ])
    .on('GET', '/v4/tags', (key) => [200, { tags: tags.filter((t) => t.apiKey === key).map(strip), pagination: pagination() }])
    .on('POST', '/v4/tags', (key, _, body) => {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) throw new KitError(422, ["Name can't be blank"]);
      const existing = tags.find((t) => t.apiKey === key && t.name.toLowerCase() === name.toLowerCase());
      if (existing) return [200, { tag: strip(existing) }];
      const tag = { apiKey: key, id: nextId++, name, created_at: now() };
      tags.push(tag);
      return [201, { tag: strip(tag) }];
    })
    .on('GET', '/v4/custom_fields', (key) => [
      200,
      { custom_fields: fields.filter((f) => f.apiKey === key).map(strip), pagination: pagination() },
    ])
    .on('POST', '/v4/custom_fields', (key, _, body) => {
      const label = typeof body.label === 'string' ? body.label.trim() : '';
      if (!label) throw new KitError(422, ["Label can't be blank"]);
      if (fields.some((f) => f.apiKey === key && f.label.toLowerCase() === label.toLowerCase()))
        throw new KitError(422, ['Label has already been taken']);
      const id = nextId++;
      const fieldKey = label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '');
      const field = { apiKey: key, id, key: fieldKey, label, name: `ck_field_${id}_${fieldKey}` };
      fields.push(field);
      return [201, { custom_field: strip(field) }];
    })
    .on('POST', '/v4/subscribers', (key, _, body) => {
      const email = emailOf(body);
      const state = body.state ?? 'active';
      if (!['active', 'inactive', 'cancelled', 'bounced', 'complained'].includes(String(state)))
        throw new KitError(422, ['State is not included in the list']);
      const known = new Set(fields.filter((f) => f.apiKey === key).map((f) => f.key));
      const given = (body.fields ?? {}) as Record<string, unknown>;
      const warnings = Object.keys(given)
        .filter((k) => !known.has(k))
        .map((k) => `Custom field '${k}' does not exist`);
      const list = subscribers.get(key)!;
      const existing = list.get(email);
      const subscriber: KitSubscriber = existing ?? {
        id: nextId++,
        first_name: null,
        email_address: email,
        // The state of an existing subscriber is not changed by this endpoint (Kit's docs say so).
        state: state as KitSubscriber['state'],
        created_at: now(),
        fields: Object.fromEntries([...known].map((k) => [k, null])),
        forms: [],
        tags: [],
        incentiveEmails: [],
      };
      if (typeof body.first_name === 'string') subscriber.first_name = body.first_name;
      for (const [k, v] of Object.entries(given)) if (known.has(k)) subscriber.fields[k] = v === null ? null : String(v);
      list.set(email, subscriber);
      return [existing ? 200 : 201, { subscriber: visible(subscriber), ...(warnings.length ? { warnings } : {}) }];
    })
    .on('POST', '/v4/forms/:id/subscribers', (key, { id }, body) => {
      const form = forms.find((f) => f.apiKey === key && f.id === Number(id));
      if (!form) throw new KitError(404, ['Not Found']);
      const subscriber = subscriberOf(key, body);
      const already = subscriber.forms.includes(form.id);
      if (!already) {
        subscriber.forms.push(form.id);
        if (subscriber.state === 'inactive') {
          if (form.double_opt_in) subscriber.incentiveEmails.push(form.id);
          else subscriber.state = 'active';
        }
      }
      return [already ? 200 : 201, { subscriber: { ...visible(subscriber), added_at: now(), referrer: '' } }];
    })
    .on('POST', '/v4/tags/:id/subscribers', (key, { id }, body) => {
      const tag = tags.find((t) => t.apiKey === key && t.id === Number(id));
      if (!tag) throw new KitError(404, ['Not Found']);
      const subscriber = subscriberOf(key, body);
      const already = subscriber.tags.includes(tag.id);
      if (!already) subscriber.tags.push(tag.id);
      return [already ? 200 : 201, { subscriber: { ...visible(subscriber), tagged_at: now() } }];
    });

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) {
    let body: Record<string, unknown> = {};
    try {
      body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
    } catch {
      requests.push(loggedRequest(req, url, rawBody));
      return sendJson(res, 400, { errors: ['Request body is not valid JSON'] });
    }
    requests.push(loggedRequest(req, url, body));
    if (failures.count > 0) {
      failures.count--;
      const { status, retryAfter } = failures;
      return sendJson(
        res,
        status,
        { errors: [status === 429 ? 'Rate limit exceeded. Please try again later.' : 'Internal server error'] },
        status === 429 && retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {},
      );
    }
    try {
      const key = authenticate(req);
      const route = api.find(req.method ?? 'GET', url.pathname);
      if (!route) throw new KitError(404, ['Not Found']);
      const [status, answer] = route.handler(key, route.params, body);
      sendJson(res, status, answer);
    } catch (error) {
      if (error instanceof KitError) return sendJson(res, error.status, { errors: error.errors });
      throw error;
    }
  }

  const text = (value: unknown, name: string) => {
    if (typeof value !== 'string' || !value) throw new StandInError(400, `${name} is required`);
    return value;
  };
  const pages = withCommonControls(new Router<PageHandler>(), {
    requests,
    deliveries: [],
    reset: () => {
      requests.length = 0;
      failures = { count: 0, status: 500 };
      for (const list of subscribers.values()) list.clear();
    },
  })
    .on('POST', '/_test/accounts', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      addAccount({
        apiKey: text(body.apiKey, 'apiKey'),
        accountName: typeof body.accountName === 'string' ? body.accountName : undefined,
      });
      sendJson(res, 201, { ok: true });
    })
    .on('POST', '/_test/forms', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      sendJson(
        res,
        201,
        addForm({ apiKey: text(body.apiKey, 'apiKey'), name: text(body.name, 'name'), doubleOptIn: body.doubleOptIn !== false }),
      );
    })
    .on('POST', '/_test/tags', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      sendJson(res, 201, addTag({ apiKey: text(body.apiKey, 'apiKey'), name: text(body.name, 'name') }));
    })
    .on('GET', '/_test/subscribers', ({ res, url }) => {
      sendJson(res, 200, { data: [...(subscribers.get(url.searchParams.get('apiKey') ?? '')?.values() ?? [])] });
    })
    .on('POST', '/_test/fail', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      failures = {
        count: Number(body.count ?? 1),
        status: Number(body.status ?? 500),
        retryAfter: body.retryAfter === undefined ? undefined : Number(body.retryAfter),
      };
      sendJson(res, 200, { ok: true });
    });

  const server = await serveStandIn(port, {
    isApi: (pathname) => pathname.startsWith('/v4/'),
    handleApi,
    pages,
    scheduler: new DeliveryScheduler(),
  });
  return {
    ...server,
    addAccount,
    addForm,
    addTag,
    failNext: (count, status, retryAfter) => void (failures = { count, status, retryAfter }),
    revokeKey: (apiKey) => void accounts.delete(apiKey),
    subscribers: (apiKey) => [...(subscribers.get(apiKey)?.values() ?? [])],
    customFields: (apiKey) => fields.filter((f) => f.apiKey === apiKey).map(({ key, label }) => ({ key, label })),
    tags: (apiKey) => tags.filter((t) => t.apiKey === apiKey).map(({ id, name }) => ({ id, name })),
    requests,
  };
}
