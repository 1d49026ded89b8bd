import { expect } from 'vitest';
import type { Role } from '@/domain/team';
import { APP_HOST, type TestApp } from '@tests/setup/app';
import { mailsOf } from './mailbox.js';
import { createUser, type SignedUpUser } from './owner.js';

/** A new person invited to `owner`'s workspace as `role`, who accepts from the invitation email. */
export async function joinAs(t: TestApp, owner: SignedUpUser, role: Role): Promise<SignedUpUser> {
  const call = (user: SignedUpUser, url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  const member = await createUser(t.app, { name: `A ${role}` });
  expect((await call(owner, '/api/team/invitations', { email: member.email, role })).statusCode).toBe(201);
  const [mail] = await mailsOf(t, member.email, /invited you to/);
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect((await call(member, `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  return member;
}
