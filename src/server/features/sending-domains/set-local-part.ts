import { isUuid } from '@/domain/ids';
import type { SendingDomainView } from '@/domain/sending-domains';
import { sendingDomains } from '@/server/db/schema/index';
import type { SendingDomainDeps } from './deps.js';
import { sendingDomainView } from './sending-domain-view.js';
import { ownSendingDomain, sendingDomainNotFound } from './verify-sending-domain.js';

/** PATCH /api/sending-domains/:id: the part before the @ (normalised by the contract); the next email uses it. */
export async function setLocalPart(
  deps: SendingDomainDeps,
  workspaceId: string,
  id: string,
  localPart: string,
): Promise<SendingDomainView> {
  if (!isUuid(id)) throw sendingDomainNotFound();
  const [row] = await deps.db.update(sendingDomains).set({ localPart }).where(ownSendingDomain(workspaceId, id)).returning();
  if (!row) throw sendingDomainNotFound();
  return sendingDomainView(row, deps.spfInclude);
}
