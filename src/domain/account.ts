import { z } from 'zod';

/**
 * Deleting an account (docs/decisions/0043), owner API (session required):
 *
 *   GET    /api/account           -> AccountStatus
 *   POST   /api/account/deletion  body AccountDeletionBody -> AccountStatus (deletion scheduled)
 *   DELETE /api/account/deletion  -> AccountStatus (kept)
 *
 * The account and the workspaces it alone owns are deleted ACCOUNT_DELETION_DAYS after the request,
 * unless its owner keeps it before then. Errors: VALIDATION_ERROR (400: `confirm`, `password`).
 */
export const ACCOUNT_DELETION_DAYS = 14;

export const accountDeletionBodySchema = z.strictObject({
  /** The account's email address, typed by hand. */
  confirm: z.string().max(254),
  password: z.string().min(1, 'Enter your password').max(128),
});
export type AccountDeletionBody = z.input<typeof accountDeletionBodySchema>;

export interface AccountStatus {
  deletionDueAt: string | null;
  /** The workspaces deleted with the account: those it is the only owner of. */
  workspacesDeleted: { id: string; name: string; members: number }[];
}
