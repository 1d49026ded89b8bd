import { createHash, randomBytes } from 'node:crypto';
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
 * A local Mailchimp Marketing API 3.0 for tests: the account, audiences (lists), merge fields,
 * member upsert, tags and permanent deletion that Lodestone uses, with Basic auth by API key and
 * errors as problem JSON, as the real API answers. Members are kept with their merge fields, tags
 * and status for tests to read. See README.md in this folder.
 */

export interface MailchimpMergeField {
  merge_id: number;
  tag: string;
  name: string;
  type: string;
  required: boolean;
  list_id: string;
}

export interface MailchimpMember {
  id: string;
  email_address: string;
  unique_email_id: string;
  status: 'subscribed' | 'pending' | 'unsubscribed' | 'cleaned' | 'transactional';
  merge_fields: Record<string, string>;
  tags: Array<{ id: number; name: string }>;
  list_id: string;
  timestamp_signup: string;
  last_changed: string;
}

export interface MailchimpList {
  id: string;
  name: string;
  double_optin: boolean;
  apiKey: string;
  mergeFields: MailchimpMergeField[];
  members: Map<string, MailchimpMember>;
  deleted: string[];
}

export interface MailchimpStandIn extends RunningStandIn {
  addAccount(account: { apiKey: string; accountName?: string }): void;
  addList(list: { apiKey: string; id?: string; name: string; doubleOptIn?: boolean }): MailchimpList;
  /** The next `count` API calls answer `status` (429 with Retry-After `retryAfter` seconds, or a 5xx). */
  failNext(count: number, status: number, retryAfter?: number): void;
  members(listId: string): MailchimpMember[];
  /** The key stops working, as when the owner deletes it in Mailchimp. */
  revokeKey(apiKey: string): void;
  readonly requests: readonly LoggedRequest[];
}

const DOCS = 'https://mailchimp.com/developer/marketing/docs/errors/';

class MailchimpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors?: Array<{ field: string; message: string }>,
  ) {
    super(detail);
  }
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const hashOf = (email: string) => md5(email.trim().toLowerCase());
const DEFAULT_MERGE_FIELDS = [
  ['FNAME', 'First Name'],
  ['LNAME', 'Last Name'],
  ['ADDRESS', 'Address'],
  ['PHONE', 'Phone Number'],
] as const;

export async function startMailchimpStandIn({ port = 0 }: { port?: number } = {}): Promise<MailchimpStandIn> {
  const accounts = new Map<string, { accountName: string; accountId: string }>();
  const lists = new Map<string, MailchimpList>();
  const requests: LoggedRequest[] = [];
  let failures: { count: number; status: number; retryAfter?: number } = { count: 0, status: 500 };
  let nextMergeId = 1;
  let nextTagId = 1;

  const addAccount = ({ apiKey, accountName = 'Stand-in Mailchimp account' }: { apiKey: string; accountName?: string }) => {
    if (!/-[a-z]{2,4}\d{1,3}$/.test(apiKey)) throw new StandInError(400, 'A Mailchimp key ends with its data centre, like -us21');
    accounts.set(apiKey, { accountName, accountId: randomBytes(12).toString('hex') });
  };

  const addList = ({
    apiKey,
    id,
    name,
    doubleOptIn = false,
  }: {
    apiKey: string;
    id?: string;
    name: string;
    doubleOptIn?: boolean;
  }) => {
    if (!accounts.has(apiKey)) throw new StandInError(404, 'Unknown account');
    const listId = id ?? randomBytes(5).toString('hex');
    const list: MailchimpList = {
      id: listId,
      name,
      double_optin: doubleOptIn,
      apiKey,
      mergeFields: DEFAULT_MERGE_FIELDS.map(([tag, fieldName]) => ({
        merge_id: nextMergeId++,
        tag,
        name: fieldName,
        type: tag === 'ADDRESS' ? 'address' : tag === 'PHONE' ? 'phone' : 'text',
        required: false,
        list_id: listId,
      })),
      members: new Map(),
      deleted: [],
    };
    lists.set(listId, list);
    return list;
  };

  function authenticate(req: IncomingMessage): string {
    const header = headerValue(req, 'authorization') ?? '';
    const [scheme, encoded] = header.split(' ');
    const key =
      scheme?.toLowerCase() === 'basic' && encoded
        ? Buffer.from(encoded, 'base64').toString('utf8').split(':').slice(1).join(':')
        : '';
    if (!accounts.has(key))
      throw new MailchimpError(
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    return key;
  }

  function listOf(apiKey: string, id: string): MailchimpList {
    const list = lists.get(id);
    if (!list || list.apiKey !== apiKey)
      throw new MailchimpError(404, 'Resource Not Found', 'The requested resource could not be found.');
    return list;
  }

  const publicList = (l: MailchimpList) => ({
    id: l.id,
    name: l.name,
    double_optin: l.double_optin,
    stats: { member_count: [...l.members.values()].filter((m) => m.status === 'subscribed').length },
  });

  function upsertMember(list: MailchimpList, hash: string, body: Record<string, unknown>) {
    const email = typeof body.email_address === 'string' ? body.email_address : '';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      throw new MailchimpError(
        400,
        'Invalid Resource',
        `${email || 'The email address'} looks fake or invalid, please enter a real email address.`,
      );
    if (hashOf(email) !== hash)
      throw new MailchimpError(400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
    const statusIfNew = body.status_if_new;
    if (!['subscribed', 'pending', 'unsubscribed', 'cleaned', 'transactional'].includes(String(statusIfNew)))
      throw new MailchimpError(400, 'Invalid Resource', 'The resource submitted could not be validated.', [
        {
          field: 'status_if_new',
          message: 'Data presented is not one of the accepted values: subscribed, unsubscribed, cleaned, pending, transactional.',
        },
      ]);
    const mergeFields = (body.merge_fields ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(mergeFields).filter((tag) => !list.mergeFields.some((f) => f.tag === tag));
    if (unknown.length > 0)
      throw new MailchimpError(
        400,
        'Invalid Resource',
        'Your merge fields were invalid.',
        unknown.map((tag) => ({ field: tag, message: 'This merge field does not exist.' })),
      );
    const now = new Date().toISOString();
    const existing = list.members.get(hash);
    const member: MailchimpMember = existing ?? {
      id: hash,
      email_address: email,
      unique_email_id: randomBytes(5).toString('hex'),
      status: statusIfNew as MailchimpMember['status'],
      merge_fields: Object.fromEntries(list.mergeFields.map((f) => [f.tag, ''])),
      tags: [],
      list_id: list.id,
      timestamp_signup: now,
      last_changed: now,
    };
    for (const [tag, value] of Object.entries(mergeFields)) member.merge_fields[tag] = String(value);
    member.last_changed = now;
    list.members.set(hash, member);
    return member;
  }

  const api = new Router<(key: string, params: Record<string, string>, body: Record<string, unknown>) => [number, unknown?]>()
    .on('GET', '/3.0/', (key) => {
      const account = accounts.get(key)!;
      return [
        200,
        { account_id: account.accountId, account_name: account.accountName, email: 'owner@example.com', role: 'owner' },
      ];
    })
    .on('GET', '/3.0/lists', (key) => {
      const own = [...lists.values()].filter((l) => l.apiKey === key);
      return [200, { lists: own.map(publicList), total_items: own.length }];
    })
    .on('GET', '/3.0/lists/:id', (key, { id }) => [200, publicList(listOf(key, id!))])
    .on('GET', '/3.0/lists/:id/merge-fields', (key, { id }) => {
      const list = listOf(key, id!);
      return [200, { merge_fields: list.mergeFields, list_id: list.id, total_items: list.mergeFields.length }];
    })
    .on('POST', '/3.0/lists/:id/merge-fields', (key, { id }, body) => {
      const list = listOf(key, id!);
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name || typeof body.type !== 'string')
        throw new MailchimpError(400, 'Invalid Resource', 'The resource submitted could not be validated.', [
          { field: name ? 'type' : 'name', message: 'This value should not be blank.' },
        ]);
      if (list.mergeFields.some((f) => f.name.toLowerCase() === name.toLowerCase()))
        throw new MailchimpError(400, 'Invalid Resource', `A Merge Field with the name "${name}" already exists for this list.`);
      const mergeId = nextMergeId++;
      const tag =
        typeof body.tag === 'string' && body.tag ? body.tag.toUpperCase().slice(0, 10) : `MMERGE${list.mergeFields.length + 1}`;
      const field: MailchimpMergeField = {
        merge_id: mergeId,
        tag,
        name,
        type: body.type,
        required: body.required === true,
        list_id: list.id,
      };
      list.mergeFields.push(field);
      return [200, field];
    })
    .on('PUT', '/3.0/lists/:id/members/:hash', (key, { id, hash }, body) => [200, upsertMember(listOf(key, id!), hash!, body)])
    .on('POST', '/3.0/lists/:id/members/:hash/tags', (key, { id, hash }, body) => {
      const member = listOf(key, id!).members.get(hash!);
      if (!member) throw new MailchimpError(404, 'Resource Not Found', 'The requested resource could not be found.');
      const tags = Array.isArray(body.tags) ? (body.tags as Array<{ name?: unknown; status?: unknown }>) : [];
      for (const t of tags) {
        const name = String(t.name ?? '').trim();
        if (!name) throw new MailchimpError(400, 'Invalid Resource', 'Tag name cannot be empty.');
        if (t.status === 'inactive') member.tags = member.tags.filter((x) => x.name !== name);
        else if (!member.tags.some((x) => x.name === name)) member.tags.push({ id: nextTagId++, name });
      }
      return [204];
    })
    .on('POST', '/3.0/lists/:id/members/:hash/actions/delete-permanent', (key, { id, hash }) => {
      const list = listOf(key, id!);
      const member = list.members.get(hash!);
      if (!member) throw new MailchimpError(404, 'Resource Not Found', 'The requested resource could not be found.');
      list.members.delete(hash!);
      list.deleted.push(member.email_address);
      return [204];
    });

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string) {
    let body: Record<string, unknown> = {};
    const problem = (error: MailchimpError, headers: Record<string, string> = {}) =>
      sendJson(
        res,
        error.status,
        {
          type: DOCS,
          title: error.title,
          status: error.status,
          detail: error.detail,
          instance: randomBytes(8).toString('hex'),
          ...(error.errors ? { errors: error.errors } : {}),
        },
        { 'content-type': 'application/problem+json; charset=utf-8', ...headers },
      );
    try {
      body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
    } catch {
      requests.push(loggedRequest(req, url, rawBody));
      return problem(new MailchimpError(400, 'JSON Parse Error', 'We encountered an unspecified JSON parsing error.'));
    }
    requests.push(loggedRequest(req, url, body));
    if (failures.count > 0) {
      failures.count--;
      const { status, retryAfter } = failures;
      return problem(
        status === 429
          ? new MailchimpError(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.')
          : new MailchimpError(
              status,
              'Internal Server Error',
              'An unexpected internal error has occurred. Please contact Support for more information.',
            ),
        status === 429 && retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {},
      );
    }
    try {
      const key = authenticate(req);
      const route = api.find(req.method ?? 'GET', url.pathname === '/3.0' ? '/3.0/' : url.pathname);
      if (!route) throw new MailchimpError(404, 'Resource Not Found', 'The requested resource could not be found.');
      const [status, answer] = route.handler(key, route.params, body);
      if (answer === undefined) {
        res.writeHead(status);
        res.end();
      } else sendJson(res, status, answer);
    } catch (error) {
      if (error instanceof MailchimpError) return problem(error);
      throw error;
    }
  }

  const pages = withCommonControls(new Router<PageHandler>(), {
    requests,
    deliveries: [],
    reset: () => {
      requests.length = 0;
      failures = { count: 0, status: 500 };
      for (const list of lists.values()) {
        list.members.clear();
        list.deleted.length = 0;
      }
    },
  })
    .on('POST', '/_test/accounts', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      addAccount({
        apiKey: String(body.apiKey ?? ''),
        accountName: typeof body.accountName === 'string' ? body.accountName : undefined,
      });
      sendJson(res, 201, { ok: true });
    })
    .on('POST', '/_test/lists', ({ res, rawBody }) => {
      const body = parseJsonBody(rawBody);
      const list = addList({
        apiKey: String(body.apiKey ?? ''),
        id: typeof body.id === 'string' ? body.id : undefined,
        name: String(body.name ?? 'Audience'),
        doubleOptIn: body.doubleOptIn === true,
      });
      sendJson(res, 201, publicList(list));
    })
    .on('GET', '/_test/lists/:id/members', ({ res, params }) => {
      const list = lists.get(params.id!);
      if (!list) throw new StandInError(404, 'Unknown list');
      sendJson(res, 200, { data: [...list.members.values()], deleted: list.deleted, mergeFields: list.mergeFields });
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
    isApi: (pathname) => pathname === '/3.0' || pathname.startsWith('/3.0/'),
    handleApi,
    pages,
    scheduler: new DeliveryScheduler(),
  });
  return {
    ...server,
    addAccount,
    addList,
    failNext: (count, status, retryAfter) => void (failures = { count, status, retryAfter }),
    revokeKey: (apiKey) => void accounts.delete(apiKey),
    members: (listId) => [...(lists.get(listId)?.members.values() ?? [])],
    requests,
  };
}
