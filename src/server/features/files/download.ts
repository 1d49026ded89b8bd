import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@/domain/i18n/languages';
import type { Db } from '@/server/db/client';
import { files, leads } from '@/server/db/schema/index';
import { bumpDailyStats } from '@/server/features/page-counts';
import { lockLead, mayReceiveFile, type LeadDeps } from '@/server/features/submissions';

/**
 * `language`: the lead's page's, for the page a refused download shows (undefined where the page
 * was not read: an expired or unknown link, a page gone, or one stored before pages had a language).
 */
export type DownloadOutcome = { language?: Language } & (
  | { kind: 'file'; file: typeof files.$inferSelect; name: string }
  /** Past its 7 days: the lead's own page gives a fresh link. */
  | { kind: 'expired'; leadId: string }
  /** The page was deleted by its owner, or its file removed. */
  | { kind: 'gone' }
  /** The address is not confirmed yet, or a paid page's payment is missing or refunded. */
  | { kind: 'locked' }
  | { kind: 'unknown' }
  /** A paid lead's link from before links named their purchase: its purchase's allowance decides (paid-download.ts). */
  | { kind: 'purchase'; leadId: string }
);

/** A download link from an email: the file, counted, while the lead may still have it. */
export async function download(deps: LeadDeps & { db: Db }, token: string, now = new Date()): Promise<DownloadOutcome> {
  const checked = deps.tokens.verifyExpiring('download', token, now);
  if (!checked) return { kind: 'unknown' };
  if (checked.expired) return { kind: 'expired', leadId: checked.leadId };
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, checked.leadId);
    // A deleted page's leads go with it; a signed link to one is still ours, so say what happened.
    // A page taken offline still serves the people who signed up on it.
    if (!found || found.formDeletedAt) return { kind: 'gone', language: found?.config.language };
    const { lead, config } = found;
    const { language } = config;
    if (lead.status !== 'verified' || !mayReceiveFile(lead)) return { kind: 'locked', language };
    if (!config.leadMagnet) return { kind: 'gone', language };
    if (lead.paymentState === 'paid') return { kind: 'purchase', leadId: lead.id, language };
    const [file] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, config.leadMagnet.id), eq(files.workspaceId, lead.workspaceId)));
    if (!file) return { kind: 'gone', language };
    await tx
      .update(leads)
      .set({ downloads: sql`${leads.downloads} + 1`, lastDownloadAt: now })
      .where(eq(leads.id, lead.id));
    await bumpDailyStats(tx, lead.formId, { downloads: 1 }, now);
    return { kind: 'file', file, name: config.leadMagnetName, language };
  });
}
