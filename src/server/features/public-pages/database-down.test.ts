import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createForm, createUser, setPlan, type SignedUpUser, workspaceOf } from '@tests/kit/owner';
import { addressPool, BROWSER_UA, patientVisitorFields } from '@tests/kit/visitor';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { databaseOutage } from '@tests/kit/database-outage';
import { fieldOf } from '@tests/kit/fields';
import { DEFAULT_DESIGN, type FormConfig } from '@/domain/form-config';
import { leads } from '@/server/db/schema/index';
import { peekLiveForm } from '@/server/features/submissions';
import { NOT_SAVED_YET } from '@/server/features/visitor-journey';

/*
 * House rule 10: while the database does not answer, a visitor's browser is told the truth in HTML
 * by the public face, never shown the API's JSON error; a page seen before is still served, and a
 * sign-up that could not be stored comes back as typed, to be sent again (docs/decisions/0067).
 */

let t: TestApp;
let owner: SignedUpUser;
let databaseUp: (up: boolean) => Promise<void>;
const nextAddress = addressPool('10.34');
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const headers = { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, accept: HTML };

/** The database away until the server has noticed (its page cache has lost its notification connection). */
async function databaseGone(seenId: string) {
  await databaseUp(false);
  await vi.waitFor(() => expect(peekLiveForm(t.db, seenId)).toBeUndefined());
}

const outagePage = {
  fields: [
    fieldOf('email', 'email', 'Email', { required: true }),
    fieldOf('name', 'text', 'Your name'),
    fieldOf('note', 'textarea', 'Anything else'),
  ],
  design: { ...DEFAULT_DESIGN, brandColor: '#0F766E', buttonText: 'Send me the guide' },
} satisfies Partial<FormConfig>;

const typed = { email: 'ada@example.com', name: 'Ada "Countess" <Lovelace>', note: 'Line one\nLine two', consent: 'yes' };

const post = (id: string, fields: Record<string, string>, accept = HTML) =>
  t.app.inject({
    method: 'POST',
    url: `/f/${id}`,
    remoteAddress: nextAddress(),
    headers: { ...headers, accept, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), ...fields }).toString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await setPlan(t.db, await workspaceOf(t.db, owner), 'pro');
  databaseUp = databaseOutage(t);
});
afterEach(() => databaseUp(true));
afterAll(() => t.close());

describe('while the database is away', () => {
  it('serves a page visited before from memory, and tells a visitor of one not seen yet, in HTML, to come back (503)', async () => {
    const visited = await createForm(t.app, owner, { publish: true, title: 'Visited before' });
    const unvisited = await createForm(t.app, owner, { publish: true, title: 'Not visited yet' });
    expect((await t.app.inject({ method: 'GET', url: `/f/${visited.id}`, headers })).statusCode).toBe(200);

    await databaseGone(visited.id);
    const seen = await t.app.inject({ method: 'GET', url: `/f/${visited.id}`, headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('Visited before');

    const unseen = await t.app.inject({ method: 'GET', url: `/f/${unvisited.id}`, headers });
    expect(unseen.statusCode).toBe(503);
    expect(unseen.headers['retry-after']).toBe('5');
    expect(unseen.headers['content-type']).toMatch(/^text\/html/);
    expect(unseen.body).toMatch(/^<!doctype html>/);
    expect(unseen.body).toContain('This page is unavailable for a moment');
    expect(unseen.body).toContain('Please try again in a minute or two.');
    expect(unseen.body).not.toContain('INTERNAL_ERROR');
  });

  it('gives a visitor who submits the page again in its design, with everything typed, 503 and Retry-After; sent again, it is stored', async () => {
    const form = await createForm(t.app, owner, { publish: true, title: 'The Outage Guide', config: outagePage });
    const page = await t.app.inject({ method: 'GET', url: `/f/${form.id}`, headers });
    expect(page.statusCode).toBe(200);

    await databaseGone(form.id);
    const res = await post(form.id, typed);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // The page itself (its title, its colour, its button), not a notice of ours.
    expect(html).toContain('<h1 class="ls-title">The Outage Guide</h1>');
    expect(html).toContain('#0f766e');
    expect(html).toContain('Send me the guide');
    expect(html).toContain(`action="/f/${form.id}"`);
    expect(html).toContain(NOT_SAVED_YET);
    // What the visitor typed, every field, and the consent box still ticked.
    expect(html).toContain('value="ada@example.com"');
    expect(html).toContain('value="Ada &quot;Countess&quot; &lt;Lovelace&gt;"');
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*>Line one\nLine two<\/textarea>/);
    expect(html).toMatch(/<input[^>]*name="consent"[^>]*checked=""|<input[^>]*checked=""[^>]*name="consent"/);
    expect(html).not.toMatch(/INTERNAL_ERROR|check your (email|inbox)|thank you/i);

    await databaseUp(true);
    expect(await t.db.select().from(leads).where(eq(leads.formId, form.id))).toEqual([]);
    // Pressed again once the database is back: the sign-up goes through, as typed.
    const again = await post(form.id, typed);
    expect(again.statusCode).toBe(303);
    const [lead] = await t.db.select().from(leads).where(eq(leads.formId, form.id));
    expect(lead?.email).toBe('ada@example.com');
  });

  it("gives the page's own script (a post that accepts anything) the same HTML page, never the API's JSON", async () => {
    const form = await createForm(t.app, owner, { publish: true, title: 'Scripted', config: outagePage });
    expect((await t.app.inject({ method: 'GET', url: `/f/${form.id}`, headers })).statusCode).toBe(200);

    await databaseGone(form.id);
    const res = await post(form.id, { email: 'script@example.com', consent: 'yes' }, '*/*');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(NOT_SAVED_YET);
    expect(res.body).toContain('value="script@example.com"');
    // The button reads as before (not 'Submitting...'): the page's script runs afresh on it.
    expect(res.body).toMatch(/data-ls-submit[^>]*>Send me the guide</);
  });
});
