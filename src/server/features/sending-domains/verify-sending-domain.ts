import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import type { SendingDomainView } from '@/domain/sending-domains';
import { sendingDomains } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { applySendingCheck } from './apply-check.js';
import type { SendingDomainDeps } from './deps.js';
import { checkSendingRecords } from './dns-check.js';
import { sendingDomainView } from './sending-domain-view.js';

export const sendingDomainNotFound = () => notFound('This sending domain');

/** The workspace's own row `id`, as a where clause: another workspace's id is not found. */
export const ownSendingDomain = (workspaceId: string, id: string) =>
  and(eq(sendingDomains.id, id), eq(sendingDomains.workspaceId, workspaceId));

/** POST /api/sending-domains/:id/verify: checks the records now and applies what was found (apply-check.ts). */
export async function verifySendingDomain(
  deps: SendingDomainDeps,
  workspaceId: string,
  id: string,
  now = new Date(),
): Promise<SendingDomainView> {
  if (!isUuid(id)) throw sendingDomainNotFound();
  const [row] = await deps.db.select().from(sendingDomains).where(ownSendingDomain(workspaceId, id));
  if (!row) throw sendingDomainNotFound();
  const found = await checkSendingRecords(deps.resolver, row, deps.spfInclude, now);
  const applied = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(sendingDomains).where(ownSendingDomain(workspaceId, id)).for('update');
    // Removed and added again meanwhile: its key is not the one checked.
    return locked && locked.publicKey === row.publicKey ? applySendingCheck(deps, tx, locked, found, now) : null;
  });
  if (!applied) throw sendingDomainNotFound();
  return sendingDomainView(applied.row, deps.spfInclude);
}
