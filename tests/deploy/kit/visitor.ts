import { RESERVED_NAMES } from '@/domain/form-config';
import { CHECKED_VALUE } from '@/domain/submission';
import { signRenderTime } from '@/server/lib/fill-time';
import { BROWSER_UA } from '@tests/kit/visitor';
import { call, type Reply } from './http.js';

// A visitor's doings on published pages, over real connections.

/** Where a visitor's request goes (nginx's port, or one server's own) and the pages' host it names. */
export interface PublicTarget {
  port: number;
  publicHost: string;
}

/** The body of a page's form filled in by a person (3 s ago rendered, consent given). */
export function signUpBody(secret: string, email: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    [RESERVED_NAMES.renderedAt]: signRenderTime(secret, Date.now() - 3000),
    [RESERVED_NAMES.honeypot]: '',
    [RESERVED_NAMES.consent]: CHECKED_VALUE,
    email,
    ...extra,
  }).toString();
}

/**
 * POST /f/{id} as a browser sends it. `from` is the client's own address (any of 127.0.0.0/8 on
 * this machine): through nginx, that is the visitor's address the servers see.
 */
export const submit = (to: PublicTarget, formId: string, body: string, from?: string): Promise<Reply> =>
  call(to.port, {
    method: 'POST',
    path: `/f/${formId}`,
    host: to.publicHost,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA },
    body,
    localAddress: from,
  });

/** GET a published page (or any public path). */
export const visit = (to: PublicTarget, path: string) =>
  call(to.port, { path, host: to.publicHost, headers: { 'user-agent': BROWSER_UA } });

/** The text of the document's <title>. */
export const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** 127.0.0.1 is the machine itself; these are other loopback addresses, one per simulated visitor. */
export function loopbackAddresses(second: number) {
  let n = 0;
  return () => {
    n += 1;
    return `127.${second}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  };
}
