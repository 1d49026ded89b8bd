import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sendingDomains } from '@/server/db/schema/index';
import type { DomainSender } from '@/server/lib/mailer';
import type { Sealer } from '@/server/lib/sealed';

/**
 * The workspace's sending domain as an email is sent: only a verified one (a pending or failing
 * domain would put a From address its DNS does not vouch for), with its private key opened.
 */
export function domainSenderOf(db: Db, sealer: Sealer) {
  // Asked for every email a workspace sends: a named statement, parsed once per connection (decision 0105).
  const verifiedDomain = db
    .select({
      domain: sendingDomains.domain,
      localPart: sendingDomains.localPart,
      selector: sendingDomains.selector,
      privateKeySealed: sendingDomains.privateKeySealed,
    })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.workspaceId, sql.placeholder('workspaceId')), eq(sendingDomains.status, 'verified')))
    .prepare('verified_sending_domain');
  return async (workspaceId: string): Promise<DomainSender | null> => {
    const [row] = await verifiedDomain.execute({ workspaceId });
    if (!row) return null;
    return {
      address: `${row.localPart}@${row.domain}`,
      dkim: { domainName: row.domain, keySelector: row.selector, privateKey: sealer.open<string>(row.privateKeySealed) },
    };
  };
}
