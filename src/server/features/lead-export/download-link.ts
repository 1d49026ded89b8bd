import { exportDownloadPath } from '@/domain/lead-export';
import type { Tokens } from '@/server/lib/tokens';

/** The signed link to an export's file, on the app origin, valid until the export expires. */
export const downloadUrl = (deps: { tokens: Tokens; appOrigin: string }, id: string, expiresAt: Date) =>
  `${deps.appOrigin}${exportDownloadPath(id)}?t=${deps.tokens.signExpiring('lead-export', id, expiresAt)}`;
