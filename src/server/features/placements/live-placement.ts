import { pageWords } from '@/server/lib/visitor-words';
import { eq } from 'drizzle-orm';
import { PLACEMENT_ID, type LoaderConfig } from '@/domain/placements';
import type { Db } from '@/server/db/client';
import { placements } from '@/server/db/schema/index';
import { framingOrigins } from '@/server/features/public-pages/index';
import { loadLiveForm } from '@/server/features/submissions';
import { submitLabel } from '@/landing/submit-label';

/**
 * The placement `id` as the loader sees it, when its page is published and live (the same lookup,
 * and the same memory, as the page itself) and, on a custom domain, of that domain's workspace; else null.
 */
export async function loadLivePlacement(
  db: Db,
  publicOrigin: string,
  id: string,
  domainWorkspaceId: string | undefined,
): Promise<LoaderConfig | null> {
  if (!PLACEMENT_ID.test(id)) return null;
  const [row] = await db.select().from(placements).where(eq(placements.id, id));
  if (!row) return null;
  const form = await loadLiveForm(db, row.formId);
  if ('status' in form || form.workspaceId !== row.workspaceId) return null;
  if (domainWorkspaceId !== undefined && form.workspaceId !== domainWorkspaceId) return null;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the name is the owner's, not the visitor's
  const { name, ...settings } = row.settings;
  return {
    id: row.id,
    pageUrl: `${publicOrigin}/f/${form.id}`,
    title: form.config.title,
    buttonText: submitLabel(form.config, pageWords(form.config)),
    origins: framingOrigins(form.config),
    settings,
  };
}
