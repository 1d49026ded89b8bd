import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CustomDomainView } from '@/domain/custom-domains';
import { startDns, type DnsStandIn } from '@tests/stand-ins/dns';
import { startCaddy, type Caddy } from './kit/caddy.js';
import { removeUnlessKept } from './kit/cluster.js';
import { createFreshDatabase, type FreshDatabase } from './kit/database.js';
import { startLodestone, type LodestoneServer } from './kit/lodestone.js';
import { createPublishedForm, expectStatus, ownerCall, signUp, type AppTarget } from './kit/owner.js';
import { setPlanAsOperator } from './kit/plan.js';
import { freePorts } from './kit/ports.js';
import { signUpBody, titleOf } from './kit/visitor.js';
import { BROWSER_UA } from '@tests/kit/visitor';

/*
 * Custom domains over real TLS: Caddy (Debian's) with on-demand certificates from its internal CA,
 * asking Lodestone's /internal/tls-ask before it issues one, in front of one Lodestone server whose
 * DNS checks ask a local DNS server. *.localhost names resolve to this machine.
 */

let dir: string;
let db: FreshDatabase | undefined;
let dns: DnsStandIn | undefined;
let server: LodestoneServer | undefined;
let caddy: Caddy | undefined;
let app: AppTarget;
let setPlan: (email: string) => Promise<string>;
let secret: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(inject('deployRunDir'), 'caddy-'));
  cleanups.push(async () => removeUnlessKept(dir));
  db = await createFreshDatabase();
  cleanups.push(() => db!.drop());
  dns = await startDns({});
  cleanups.push(() => dns!.close());
  const [serverPort, httpPort, httpsPort] = (await freePorts(3)) as [number, number, number];
  secret = randomBytes(32).toString('base64url');
  const env = {
    DATABASE_URL: db.url,
    SECRET: secret,
    APP_URL: `http://app.localhost:${serverPort}`,
    PUBLIC_URL: `http://pages.localhost:${serverPort}`,
    DNS_SERVERS: dns.address,
    TRUST_PROXY: 'true',
  };
  server = startLodestone({ name: 'tls', port: serverPort, dir, env, runDir: inject('deployRunDir') });
  cleanups.push(() => server!.stop());
  await server.healthy();
  caddy = await startCaddy({
    dir: path.join(dir, 'caddy'),
    httpPort,
    httpsPort,
    upstreamPort: serverPort,
    runDir: inject('deployRunDir'),
  });
  cleanups.push(() => caddy!.stop());
  app = { port: serverPort, appHost: `app.localhost:${serverPort}` };
  setPlan = (email) => setPlanAsOperator(env, email, 'pro');
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => console.error(err));
});

/**
 * GET (or POST a form to) https://{name}:{caddy's port}{path}, trusting only Caddy's CA, with
 * *.localhost at 127.0.0.1.
 */
function httpsGet(name: string, urlPath: string, form?: string) {
  return new Promise<{ status: number; body: string; location?: string; certificate: PeerCertificate }>((resolve, reject) => {
    const req = request(
      {
        host: name,
        port: caddy!.httpsPort,
        path: urlPath,
        method: form === undefined ? 'GET' : 'POST',
        headers: {
          'user-agent': BROWSER_UA,
          ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ca: caddy!.rootCa(),
        lookup: (_host, options, callback) =>
          options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
        agent: false,
        timeout: 15_000,
      },
      (res) => {
        const certificate = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location, certificate }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(form);
  });
}

/** A TLS handshake with Caddy for `name` alone: the certificate it shows, or the handshake's error. */
function handshake(name: string) {
  return new Promise<{ certificate: PeerCertificate } | { error: NodeJS.ErrnoException }>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: caddy!.httpsPort, servername: name, ca: caddy!.rootCa() });
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate();
      socket.destroy();
      resolve({ certificate });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve({ error }));
    socket.setTimeout(15_000, () => socket.destroy(new Error('handshake timed out')));
  });
}

describe('custom domains over HTTPS through Caddy', () => {
  it('serves a verified domain with a certificate issued on demand, and refuses one to other names', async () => {
    // Two Pro workspaces: one proves its domain, the other adds one and never does.
    const [owner, other] = await Promise.all([signUp(app), signUp(app)]);
    await Promise.all([setPlan(owner.email), setPlan(other.email)]);
    const { form } = await createPublishedForm(app, owner, { title: 'Offers Field Guide' });

    const added = expectStatus(
      await ownerCall(app, owner, 'POST', '/api/domains', { json: { hostname: 'offers.localhost' } }),
      201,
      'add domain',
    ).json<CustomDomainView>();
    expect(added.status).toBe('pending');
    expect(added.records.cname.target).toBe('pages.localhost');
    // Before its records exist, no certificate for it.
    expect(await handshake('offers.localhost')).toHaveProperty('error');

    dns!.set({
      [added.records.txt.name]: { TXT: [added.records.txt.value] },
      [added.records.cname.name]: { CNAME: added.records.cname.target },
      [added.records.cname.target]: { A: ['127.0.0.1'] },
    });
    const verified = expectStatus(
      await ownerCall(app, owner, 'POST', `/api/domains/${added.id}/verify`),
      200,
      'verify',
    ).json<CustomDomainView>();
    expect(verified).toMatchObject({ status: 'verified', lastCheck: { txt: 'ok', cname: 'ok' } });
    expectStatus(
      await ownerCall(app, owner, 'PATCH', `/api/domains/${added.id}`, { json: { homeFormId: form.id } }),
      200,
      'home page',
    );

    expectStatus(
      await ownerCall(app, other, 'POST', '/api/domains', { json: { hostname: 'unverified.localhost' } }),
      201,
      'add the other domain',
    );

    const home = await httpsGet('offers.localhost', '/');
    expect(home.status).toBe(200);
    expect(titleOf(home.body)).toContain('Offers Field Guide');
    expect(home.certificate.subjectaltname).toBe('DNS:offers.localhost');
    expect(home.certificate.issuer.CN).toMatch(/Caddy Local Authority/);
    const page = await httpsGet('offers.localhost', `/f/${form.id}`);
    expect(page.status).toBe(200);
    expect(titleOf(page.body)).toContain('Offers Field Guide');

    // A visitor signs up on the domain and stays on it: the thank-you page is the domain's too.
    const email = `visitor-${randomBytes(4).toString('hex')}@example.com`;
    const sent = await httpsGet('offers.localhost', `/f/${form.id}`, signUpBody(secret, email));
    expect(sent.status, sent.body.slice(0, 300)).toBe(303);
    expect(sent.location).toMatch(/^\/thank-you\?t=/);
    const thanks = await httpsGet('offers.localhost', sent.location!);
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain(email);
    const leads = await db!.pool.query<{ n: string }>('select count(*) as n from leads where email = $1', [email]);
    expect(leads.rows[0]!.n).toBe('1');

    for (const name of ['unverified.localhost', 'never-added.localhost']) {
      const refused = await handshake(name);
      expect(refused, `a certificate for ${name}`).toHaveProperty('error');
      if ('error' in refused) expect(refused.error.code ?? refused.error.message).toMatch(/SSL|TLS|ECONNRESET/);
    }
  });
});
