// In a module of its own (no zod), so the dashboard's delete dialog does not download the API's schemas.

/** A deleted page can be restored for this many days; the daily purge then deletes it with its leads and file. */
export const DELETED_FORM_RETENTION_DAYS = 30;
