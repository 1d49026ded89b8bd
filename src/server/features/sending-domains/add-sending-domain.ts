import { sendingDomainMessages, type SendingDomainView } from '@/domain/sending-domains';
import { sendingDomains } from '@/server/db/schema/index';
import { conflict, validationError } from '@/server/lib/http-errors';
import type { SendingDomainDeps } from './deps.js';
import { newDkimKey } from './dkim-key.js';
import { sendingDomainView } from './sending-domain-view.js';

/**
 * POST /api/sending-domains: a pending sending domain with a new DKIM key (its private half sealed)
 * and the records to create. `domain` is normalised by the contract's schema. Refused: Lodestone's
 * own names, and a second domain for the workspace (the unique index decides a race).
 */
export async function addSendingDomain(deps: SendingDomainDeps, workspaceId: string, domain: string): Promise<SendingDomainView> {
  if (deps.ownDomains.includes(domain)) throw validationError({ domain: sendingDomainMessages.domainReserved });
  // Made before the insert: a refused add made a key for nothing, which costs less than a lock held while it is made.
  const key = newDkimKey();
  const [row] = await deps.db
    .insert(sendingDomains)
    .values({
      workspaceId,
      domain,
      selector: key.selector,
      publicKey: key.publicKey,
      privateKeySealed: deps.sealer.seal(key.privateKey),
    })
    .onConflictDoNothing({ target: sendingDomains.workspaceId })
    .returning();
  if (!row) throw conflict(sendingDomainMessages.alreadyHasOne);
  return sendingDomainView(row, deps.spfInclude);
}
