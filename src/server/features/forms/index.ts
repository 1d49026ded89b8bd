import type { TaskList } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import type { Storage } from '@/server/lib/storage';
import { PURGE_DELETED_FORMS_TASK, purgeDeletedFormsTask } from './purge-deleted-forms.task.js';

export {
  assertOwnForm,
  createForm,
  duplicateForm,
  getForm,
  listForms,
  publishForm,
  saveDraft,
  setStatus,
  toDetail,
} from './forms.js';
export { PURGE_DELETED_FORMS_CRONTAB, PURGE_DELETED_FORMS_TASK, purgeDeletedFormsTask } from './purge-deleted-forms.task.js';
export { formsRoutes } from './routes.js';

/** The feature's background tasks, by name, from the services (decision 0073). */
export const formsTasks = ({ db, storage }: { db: Db; storage: Storage }): TaskList => ({
  [PURGE_DELETED_FORMS_TASK]: purgeDeletedFormsTask(db, storage),
});
