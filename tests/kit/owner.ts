import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import type { PlanId } from '@/domain/plans';
import type { Db } from '@/server/db/client';
import { members, organizations } from '@/server/db/schema/index';
import { liveFormsSynced, workspacePagesChanged } from '@/server/features/submissions';
import { pdfBytes, publishableConfig, uniqueEmail } from './data.js';
import { APP_HOST } from './hosts.js';

export interface SignedUpUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header that carries the session. */
  cookie: string;
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export function authPost(
  app: FastifyInstance,
  path: string,
  payload: object,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, ...headers },
    payload,
  });
}

let signUps = 0;

/** Signs a new owner up through the real API, each from its own address (sign-ups are rate limited per address). */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<Pick<SignedUpUser, 'name' | 'email' | 'password'>> = {},
): Promise<SignedUpUser> {
  const input = { name: 'Ada Owner', email: uniqueEmail(), password: 'correct-horse-42', ...overrides };
  signUps += 1;
  const res = await authPost(app, '/sign-up/email', input, {}, `10.254.${Math.floor(signUps / 250)}.${(signUps % 250) + 1}`);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { user } = res.json<{ user: { id: string } }>();
  return { ...input, id: user.id, cookie: cookieFrom(res.headers['set-cookie']) };
}

const BOUNDARY = '----lodestone-test-boundary';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(content: Buffer, filename = 'guide.pdf', contentType = 'application/pdf') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/**
 * Streams an upload of `totalBytes` (a PDF's first bytes, then spaces) to POST /api/files over a
 * real socket, and stops sending once the server answers: the status and how much was sent by then.
 */
export async function streamOversizedUpload(port: number, user: SignedUpUser, totalBytes: number) {
  let sent = 0;
  const { headers, payload } = multipartFile(Buffer.alloc(0));
  const head = payload.subarray(0, payload.indexOf('\r\n--', 10)); // everything before the closing boundary
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  chunk.write('%PDF-1.4');
  const body = Readable.from(
    (function* () {
      yield head;
      while (sent < totalBytes) {
        sent += chunk.length;
        yield chunk;
      }
    })(),
  );
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/files',
        headers: { ...headers, host: APP_HOST, cookie: user.cookie },
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', (err) => (sent < totalBytes ? undefined : reject(err)));
    body.pipe(req);
  });
  return { status, sent };
}

/** Uploads a PDF and creates a form with it for the signed-in `user`; `publish` makes it live. */
export async function createForm(
  app: FastifyInstance,
  user: SignedUpUser,
  options: { title?: string; publish?: boolean; config?: Partial<FormConfig>; pdf?: Buffer } = {},
) {
  const headers = { host: APP_HOST, cookie: user.cookie };
  const upload = multipartFile(options.pdf ?? pdfBytes());
  const file = await app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
  if (file.statusCode !== 201) throw new Error(`upload failed: ${file.statusCode} ${file.body}`);
  const created = await app.inject({
    method: 'POST',
    url: '/api/forms',
    headers,
    payload: { config: { ...publishableConfig(file.json(), options.title), ...options.config } },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  let form = created.json<FormDetail>();
  if (options.publish) {
    const published = await app.inject({ method: 'POST', url: `/api/forms/${form.id}/publish`, headers });
    if (published.statusCode !== 200) throw new Error(`publish failed: ${published.statusCode} ${published.body}`);
    form = published.json<FormDetail>();
  }
  return form;
}

/** The workspace a signed-up owner got with their account. */
export async function workspaceOf(db: Db, user: Pick<SignedUpUser, 'id'>): Promise<string> {
  const [row] = await db.select({ id: members.organizationId }).from(members).where(eq(members.userId, user.id));
  if (!row) throw new Error(`user ${user.id} has no workspace`);
  return row.id;
}

/**
 * Puts a workspace on `plan`, as a change of subscription would: its pages, which carry the plan in
 * every server's memory, are dropped there too, and this server has done so when it returns.
 */
export async function setPlan(db: Db, workspaceId: string, plan: PlanId) {
  await db.transaction(async (tx) => {
    await tx.update(organizations).set({ plan }).where(eq(organizations.id, workspaceId));
    await workspacePagesChanged(tx, workspaceId);
  });
  await liveFormsSynced(db);
}
