import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '@/domain/ids';
import { isLanguage, type Language } from '@/domain/i18n/languages';
import type { Executor } from '@/server/db/client';
import { forms, leads } from '@/server/db/schema/index';
import { signupLanguage } from '@/server/features/submissions';

/** The page a lead signed up on: its language, and its id while it is live (published and active). */
export interface SignUpPage {
  liveId: string | null;
  /** Undefined for a page stored before pages had a language (English). */
  language: Language | undefined;
}

/** The page of lead `leadId` (undefined when there is none); on a custom domain (`workspaceId`), only that workspace's (decision 0055). */
export async function pageOfLead(db: Executor, leadId: string, workspaceId?: string): Promise<SignUpPage | undefined> {
  const [row] = await db
    .select({
      formId: forms.id,
      live: sql<boolean>`${forms.deletedAt} is null and ${forms.status} = 'active' and ${forms.published} is not null`,
      // The language the lead signed up in (a page may speak several), else the page's.
      language: sql<string | null>`coalesce(${signupLanguage(leads.id)}, ${forms.published}->>'language')`,
    })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(and(eq(leads.id, leadId), workspaceId ? eq(forms.workspaceId, workspaceId) : undefined));
  if (!row) return undefined;
  return { liveId: row.live ? row.formId : null, language: isLanguage(row.language) ? row.language : undefined };
}

/**
 * The page a damaged link from a visitor's email came from, if the lead id at its start survived
 * (a link cut short, or its signature changed, keeps it): its language, and, when live, where the
 * visitor can sign up again for a new email. Only an id from an email to that lead names one (ids
 * are random), and the page is public anyway; what the link would have opened stays closed.
 */
export async function pageOfDamagedLink(db: Executor, token: string, workspaceId?: string): Promise<SignUpPage | undefined> {
  const id = token.split('.')[0] ?? '';
  if (!isUuid(id)) return undefined;
  return pageOfLead(db, id.toLowerCase(), workspaceId);
}
