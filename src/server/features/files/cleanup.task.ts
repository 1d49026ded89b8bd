import { and, lt, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { files, forms } from '@/server/db/schema/index';
import type { Storage } from '@/server/lib/storage';

export const CLEANUP_FILES_TASK = 'cleanup_orphan_files';
/** Daily at 03:17: uploads that no form uses a day after upload (an abandoned editor, a refused save). */
export const CLEANUP_FILES_CRONTAB = `17 3 * * * ${CLEANUP_FILES_TASK}`;

export async function removeOrphanFiles(db: Db, storage: Storage, olderThan: Date): Promise<number> {
  const used = sql`exists (select 1 from ${forms} where ${forms.workspaceId} = ${files.workspaceId} and (
    ${forms.draft} -> 'leadMagnet' ->> 'id' = ${files.id}::text or ${forms.published} -> 'leadMagnet' ->> 'id' = ${files.id}::text))`;
  const removed = await db
    .delete(files)
    .where(and(lt(files.createdAt, olderThan), sql`not ${used}`))
    .returning({ storageKey: files.storageKey });
  await Promise.all(removed.map((f) => storage.remove(f.storageKey)));
  return removed.length;
}

export function cleanupFilesTask(db: Db, storage: Storage): Task {
  return async (_payload, helpers) => {
    const count = await removeOrphanFiles(db, storage, new Date(Date.now() - 24 * 60 * 60 * 1000));
    if (count > 0) helpers.logger.info(`removed ${count} unused uploads`);
  };
}
