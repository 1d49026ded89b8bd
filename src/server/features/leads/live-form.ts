import { and, eq, isNull } from 'drizzle-orm';
import type { FormConfig } from '../../../domain/form-config.js';
import type { Executor } from '../../db/client.js';
import { forms } from '../../db/schema/index.js';
import { isFormId } from '../../../domain/ids.js';

/** A published, active page as visitors see it. */
export interface LiveForm {
  id: string;
  workspaceId: string;
  config: FormConfig;
  version: number;
}

/**
 * The page visitors may use, or why not: 404 (never published, no such page, or in the owner's
 * Recently deleted) or 410 (taken offline). Every visitor-facing lookup of a page goes through here.
 */
export async function loadLiveForm(db: Executor, id: string): Promise<LiveForm | { status: 404 | 410 }> {
  if (!isFormId(id)) return { status: 404 };
  const [form] = await db
    .select({
      id: forms.id,
      workspaceId: forms.workspaceId,
      config: forms.published,
      version: forms.publishedVersion,
      status: forms.status,
    })
    .from(forms)
    .where(and(eq(forms.id, id), isNull(forms.deletedAt)));
  if (!form || !form.config) return { status: 404 };
  if (form.status !== 'active') return { status: 410 };
  return { id: form.id, workspaceId: form.workspaceId, config: form.config, version: form.version };
}
