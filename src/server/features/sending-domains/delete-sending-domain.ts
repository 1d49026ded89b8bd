import { isUuid } from '@/domain/ids';
import { sendingDomains } from '@/server/db/schema/index';
import type { SendingDomainDeps } from './deps.js';
import { ownSendingDomain, sendingDomainNotFound } from './verify-sending-domain.js';

/** DELETE /api/sending-domains/:id: the next visitor email goes from Lodestone's address; the key is gone with the row. */
export async function deleteSendingDomain(deps: SendingDomainDeps, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw sendingDomainNotFound();
  const deleted = await deps.db
    .delete(sendingDomains)
    .where(ownSendingDomain(workspaceId, id))
    .returning({ id: sendingDomains.id });
  if (deleted.length === 0) throw sendingDomainNotFound();
}
