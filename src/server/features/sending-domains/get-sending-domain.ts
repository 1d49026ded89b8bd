import { eq } from 'drizzle-orm';
import type { SendingDomainsView } from '@/domain/sending-domains';
import { sendingDomains } from '@/server/db/schema/index';
import type { SendingDomainDeps } from './deps.js';
import { sendingDomainView } from './sending-domain-view.js';

/** GET /api/sending-domains: the workspace's sending domain, if any, and the include its SPF record needs. */
export async function getSendingDomain(deps: SendingDomainDeps, workspaceId: string): Promise<SendingDomainsView> {
  const [row] = await deps.db.select().from(sendingDomains).where(eq(sendingDomains.workspaceId, workspaceId));
  return { domain: row ? sendingDomainView(row, deps.spfInclude) : null, spfInclude: deps.spfInclude };
}
