import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/domain/i18n/languages';
import type { PageDefaults, PageDefaultsInput } from '@/domain/page-defaults';
import type { Executor } from '@/server/db/client';
import { organizations } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';

const COLUMNS = { privacyPolicyUrl: organizations.privacyPolicyUrl, pageLanguage: organizations.pageLanguage };

const asDefaults = (row: { privacyPolicyUrl: string | null; pageLanguage: string | null }): PageDefaults => ({
  privacyPolicyUrl: row.privacyPolicyUrl ?? '',
  language: isLanguage(row.pageLanguage) ? row.pageLanguage : DEFAULT_LANGUAGE,
});

/** What the workspace's new pages start from (contract: src/domain/page-defaults.ts). */
export async function pageDefaults(db: Executor, workspaceId: string): Promise<PageDefaults> {
  const [row] = await db.select(COLUMNS).from(organizations).where(eq(organizations.id, workspaceId));
  if (!row) throw notFound('This workspace');
  return asDefaults(row);
}

/** Changes what `defaults` names; a default it leaves out stays as it was. */
export async function setPageDefaults(db: Executor, workspaceId: string, defaults: PageDefaultsInput): Promise<PageDefaults> {
  const [row] = await db
    .update(organizations)
    .set({
      privacyPolicyUrl: defaults.privacyPolicyUrl === '' ? null : defaults.privacyPolicyUrl,
      ...(defaults.language ? { pageLanguage: defaults.language } : {}),
    })
    .where(eq(organizations.id, workspaceId))
    .returning(COLUMNS);
  if (!row) throw notFound('This workspace');
  return asDefaults(row);
}

/**
 * A page being published gives a workspace that has no privacy-policy address its own, so the
 * owner never types it twice. A workspace that has one keeps it (the owner chose it).
 */
export async function adoptPrivacyPolicyUrl(db: Executor, workspaceId: string, url: string | undefined): Promise<void> {
  const address = (url ?? '').trim();
  if (address === '') return;
  await db
    .update(organizations)
    .set({ privacyPolicyUrl: address })
    .where(and(eq(organizations.id, workspaceId), isNull(organizations.privacyPolicyUrl)));
}

/**
 * Likewise the language: the first page published in a language other than the default gives a
 * workspace that never chose one its language, so the owner's next page starts in it.
 */
export async function adoptPageLanguage(db: Executor, workspaceId: string, language: Language | undefined): Promise<void> {
  if (!language || language === DEFAULT_LANGUAGE) return;
  await db
    .update(organizations)
    .set({ pageLanguage: language })
    .where(and(eq(organizations.id, workspaceId), isNull(organizations.pageLanguage)));
}
