import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { pdfBytes, publishableConfig, uniqueEmail } from '@tests/kit/data';
import { cookieFrom, multipartFile } from '@tests/kit/owner';
import { call, type Reply } from './http.js';

// An owner's doings through the HTTP API of a running server (or of nginx in front of several).

/** Where a request goes (nginx's port, or one server's own) and the app's host it names. */
export interface AppTarget {
  port: number;
  appHost: string;
}

export interface Owner {
  email: string;
  password: string;
  cookie: string;
}

function expectStatus(res: Reply, status: number, what: string): Reply {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text().slice(0, 500)}`);
  return res;
}

/** A request to the owner API with the owner's session, as the app in a browser makes it (same origin). */
export function ownerCall(
  to: AppTarget,
  owner: Pick<Owner, 'cookie'> | null,
  method: string,
  path: string,
  body?: { json: unknown } | { raw: Buffer; contentType: string },
): Promise<Reply> {
  const headers: Record<string, string> = { origin: `http://${to.appHost}` };
  if (owner) headers.cookie = owner.cookie;
  let payload: string | Buffer | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = body.contentType;
    payload = body.raw;
  }
  return call(to.port, { method, path, host: to.appHost, headers, body: payload });
}

/** Signs a new owner up (POST /api/auth/sign-up/email); the answer's cookie is their session. */
export async function signUp(to: AppTarget, email = uniqueEmail('deploy-owner')): Promise<Owner> {
  const password = 'correct-horse-42';
  const res = expectStatus(
    await ownerCall(to, null, 'POST', '/api/auth/sign-up/email', { json: { name: 'Ada Owner', email, password } }),
    200,
    'sign-up',
  );
  return { email, password, cookie: cookieFrom(res.headers['set-cookie']) };
}

/** POST /api/files: a lead magnet. */
export async function uploadFile(to: AppTarget, owner: Owner, bytes: Buffer, name = 'guide.pdf', type = 'application/pdf') {
  const part = multipartFile(bytes, name, type);
  const res = await ownerCall(to, owner, 'POST', '/api/files', { raw: part.payload, contentType: part.headers['content-type'] });
  return expectStatus(res, 201, 'upload').json<{ id: string; name: string; size: number; kind: string }>();
}

/** POST /api/images: a logo or cover, re-encoded to WebP widths. */
export async function uploadImage(to: AppTarget, owner: Owner, bytes: Buffer, name = 'logo.png', type = 'image/png') {
  const part = multipartFile(bytes, name, type);
  const res = await ownerCall(to, owner, 'POST', '/api/images', { raw: part.payload, contentType: part.headers['content-type'] });
  return expectStatus(res, 201, 'image upload').json<{ id: string; width: number; height: number }>();
}

/** Uploads a PDF, creates a page with it and publishes it. */
export async function createPublishedForm(
  to: AppTarget,
  owner: Owner,
  options: { title?: string; config?: Partial<FormConfig>; pdf?: Buffer } = {},
): Promise<{ form: FormDetail; config: FormConfig }> {
  const file = await uploadFile(to, owner, options.pdf ?? pdfBytes());
  const config = { ...publishableConfig(file as Parameters<typeof publishableConfig>[0], options.title), ...options.config };
  const created = expectStatus(await ownerCall(to, owner, 'POST', '/api/forms', { json: { config } }), 201, 'create form');
  const { id } = created.json<FormDetail>();
  const published = expectStatus(await ownerCall(to, owner, 'POST', `/api/forms/${id}/publish`), 200, 'publish');
  return { form: published.json<FormDetail>(), config };
}

/** Saves a new draft of the page and publishes it. */
export async function republish(to: AppTarget, owner: Owner, formId: string, config: FormConfig): Promise<FormDetail> {
  expectStatus(await ownerCall(to, owner, 'PUT', `/api/forms/${formId}`, { json: { config } }), 200, 'save draft');
  return expectStatus(await ownerCall(to, owner, 'POST', `/api/forms/${formId}/publish`), 200, 'publish').json<FormDetail>();
}

export { expectStatus };
