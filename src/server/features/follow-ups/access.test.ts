import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FollowUpPreviewBody, FollowUpStats } from '@/domain/follow-ups-api';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { joinAs } from '@tests/kit/team';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// docs/decisions/0090: who may look at and try a page's follow-ups, asked of the person signed in now.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (user: SignedUpUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

const body: FollowUpPreviewBody = {
  businessName: 'Acme',
  leadMagnetName: 'The Guide',
  emails: { senderName: '', replyTo: '' },
  step: { subject: 'Hello {first_name}', text: 'More about {lead_magnet}.' },
};

it('a viewer reads the page’s figures but neither previews nor sends a test; an editor does both', async () => {
  const owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'business'); // a team needs a plan with seats
  const form = await createForm(t.app, owner, { publish: true });
  const viewer = await joinAs(t, owner, 'viewer');
  const editor = await joinAs(t, owner, 'editor');

  const figures = await call(viewer, 'GET', `/api/forms/${form.id}/follow-ups`);
  expect(figures.statusCode, figures.body).toBe(200);
  expect(figures.json<FollowUpStats>()).toMatchObject({ leads: 0, sent: 0, unsubscribed: 0 });
  expect((await call(viewer, 'POST', '/api/forms/follow-up-preview', body)).statusCode).toBe(403);
  expect((await call(viewer, 'POST', '/api/forms/follow-up-test', body)).statusCode).toBe(403);

  const preview = await call(editor, 'POST', '/api/forms/follow-up-preview', body);
  expect(preview.statusCode, preview.body).toBe(200);
  expect(preview.json<{ subject: string }>().subject).toBe('Hello Alex');
  const test = await call(editor, 'POST', '/api/forms/follow-up-test', body);
  expect(test.statusCode, test.body).toBe(200);
  expect(test.json()).toEqual({ to: editor.email });
});

it('another workspace’s page has no figures to show', async () => {
  const owner = await createUser(t.app);
  const form = await createForm(t.app, owner, { publish: true });
  const stranger = await createUser(t.app);
  expect((await call(stranger, 'GET', `/api/forms/${form.id}/follow-ups`)).statusCode).toBe(404);
});
