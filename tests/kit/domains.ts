import type { FastifyInstance } from 'fastify';
import type { CustomDomainView } from '@/domain/custom-domains';
import type { DnsStandIn, DnsTable } from '@tests/stand-ins/dns';
import { APP_HOST } from './hosts.js';
import type { SignedUpUser } from './owner.js';

/** An owner-API call as the app's own page makes it (session cookie, same origin). */
export function ownerCall(
  app: FastifyInstance,
  user: SignedUpUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, cookie: user.cookie },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The DNS records a domain asks for, pointing at `pagesHost` by CNAME (or, for an IP, by A record). */
export function recordsFor(domain: CustomDomainView): DnsTable {
  const { txt, cname } = domain.records;
  const byAddress = /^[\d.]+$/.test(cname.target);
  return {
    [txt.name]: { TXT: [txt.value] },
    [cname.name]: byAddress ? { A: [cname.target] } : { CNAME: cname.target },
  };
}

/**
 * Adds `hostname` to the user's workspace, publishes its records in the DNS stand-in (beside what
 * `table` already holds) and verifies it through the API, as an owner would. The app must have
 * been built with DNS_SERVERS = dns.address.
 */
export async function connectDomain(
  app: FastifyInstance,
  user: SignedUpUser,
  hostname: string,
  dns: DnsStandIn,
  table: DnsTable,
): Promise<CustomDomainView> {
  const added = await ownerCall(app, user, 'POST', '/api/domains', { hostname });
  if (added.statusCode !== 201) throw new Error(`add domain: ${added.statusCode} ${added.body}`);
  const domain = added.json<CustomDomainView>();
  Object.assign(table, recordsFor(domain));
  dns.set(table);
  const verified = await ownerCall(app, user, 'POST', `/api/domains/${domain.id}/verify`);
  if (verified.statusCode !== 200 || verified.json<CustomDomainView>().status !== 'verified')
    throw new Error(`verify domain: ${verified.statusCode} ${verified.body}`);
  return verified.json<CustomDomainView>();
}
