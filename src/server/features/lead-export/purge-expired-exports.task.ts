import { lte } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { leadExports } from '@/server/db/schema/index';
import type { Storage } from '@/server/lib/storage';
import { storageKeyOf } from './export-leads.js';

export const PURGE_EXPIRED_EXPORTS_TASK = 'purge_expired_exports';
/** Daily at 03:37, with the other purges. */
export const PURGE_EXPIRED_EXPORTS_CRONTAB = `37 3 * * * ${PURGE_EXPIRED_EXPORTS_TASK}`;

/** Deletes the exports past their expiry with their files (the link already refuses them). */
export async function purgeExpiredExports(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const removed = await db
    .delete(leadExports)
    .where(lte(leadExports.expiresAt, now))
    .returning({ id: leadExports.id, format: leadExports.format, storageKey: leadExports.storageKey });
  // The key is derived too, in case a crash left a file before the row recorded it.
  await Promise.all(removed.map((e) => storage.remove(e.storageKey ?? storageKeyOf(e.id, e.format))));
  return removed.length;
}

export function purgeExpiredExportsTask(db: Db, storage: Storage): Task {
  return async (_payload, helpers) => {
    const count = await purgeExpiredExports(db, storage);
    if (count > 0) helpers.logger.info(`deleted ${count} expired lead exports`);
  };
}
