/**
 * What a checked checkbox posts. A module of its own, without schemas, so a screen that reads
 * answers (the leads table) does not load the validation library; submission.ts re-exports it.
 */
export const CHECKED_VALUE = 'yes';
