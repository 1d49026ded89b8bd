import type { ErasureCheck } from '@/domain/data-requests';
import type { Executor } from '@/server/db/client';
import type { Tokens } from '@/server/lib/tokens';
import { subjectHashOf, tombstoneOf } from './subject.js';

/**
 * Whether this address was erased from the workspace, and when: the owner can prove an erasure by
 * typing the address again, since the tombstone holds only its keyed hash.
 */
export async function erasureCheck(
  deps: { db: Executor; tokens: Tokens },
  workspaceId: string,
  email: string,
): Promise<ErasureCheck> {
  const erasedAt = await tombstoneOf(deps.db, workspaceId, subjectHashOf(deps.tokens, workspaceId, email));
  return { erased: erasedAt !== null, erasedAt: erasedAt?.toISOString() ?? null };
}
