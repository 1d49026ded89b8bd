import type { ErasureCheck } from '../../../domain/data-requests.js';
import type { Executor } from '../../db/client.js';
import type { Tokens } from '../../lib/tokens.js';
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
