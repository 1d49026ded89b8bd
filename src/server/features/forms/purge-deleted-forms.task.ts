import type { Task } from 'graphile-worker';
import { DELETED_FORM_RETENTION_DAYS } from '@/domain/forms-api';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import { removeOrphanFiles } from '@/server/features/files/index';
import { purgeDeletedForms } from './forms.js';

export const PURGE_DELETED_FORMS_TASK = 'purge_deleted_forms';
/** Daily at 03:07, before the 03:17 upload cleanup. */
export const PURGE_DELETED_FORMS_CRONTAB = `7 3 * * * ${PURGE_DELETED_FORMS_TASK}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Purges pages deleted more than DELETED_FORM_RETENTION_DAYS ago, with their leads, then removes the
 * uploads no page uses any more (the purged pages' files, unless another page shares them).
 */
export async function purgeExpiredForms(db: Db, storage: Storage, now = new Date()) {
  const forms = await purgeDeletedForms(db, new Date(now.getTime() - DELETED_FORM_RETENTION_DAYS * DAY_MS));
  const files = await removeOrphanFiles(db, storage, new Date(now.getTime() - DAY_MS));
  return { forms, files };
}

export function purgeDeletedFormsTask(db: Db, storage: Storage): Task {
  return async (_payload, helpers) => {
    const { forms, files } = await purgeExpiredForms(db, storage);
    if (forms > 0)
      helpers.logger.info(`purged ${forms} pages deleted over ${DELETED_FORM_RETENTION_DAYS} days ago and ${files} files`);
  };
}
