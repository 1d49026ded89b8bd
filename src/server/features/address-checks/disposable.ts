import { createRequire } from 'node:module';

// The list of disposable-inbox domains that comes with the package (updated by updating it), read
// from node_modules on first use rather than bundled: a hundred thousand names stay out of the
// server's code, and out of memory on a server none of whose pages refuses them.
const require = createRequire(import.meta.url);
let domains: ReadonlySet<string> | undefined;

function disposableDomains(): ReadonlySet<string> {
  domains ??= new Set([
    ...(require('disposable-email-domains') as string[]),
    // Domains any of whose subdomains is an inbox of its own, as the package lists them apart.
    ...(require('disposable-email-domains/wildcard.json') as string[]),
  ]);
  return domains;
}

/** Whether `domain` (lower-case) or a domain it is under gives out throwaway inboxes. */
export function isDisposableDomain(domain: string): boolean {
  const listed = disposableDomains();
  for (let name = domain; name.includes('.'); name = name.slice(name.indexOf('.') + 1)) {
    if (listed.has(name)) return true;
  }
  return false;
}
