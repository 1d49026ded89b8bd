import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { forms } from '../../db/schema/index.js';

/**
 * A page as the public origin may see it: any status, but never one in the owner's Recently
 * deleted list (a deleted page answers 404 like a page that never existed). Every visitor-facing
 * lookup of a form by id goes through here, so a new entry point cannot serve a deleted page.
 */
export async function findLiveForm(executor: Executor, id: string) {
  const [form] = await executor
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), isNull(forms.deletedAt)));
  return form;
}
