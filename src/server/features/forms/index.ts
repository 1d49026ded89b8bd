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
