import { and, eq, isNull } from 'drizzle-orm';
import type { FormEmailTools, KitPageSettings, MailchimpPageSettings } from '@/domain/email-tools';
import type { Db, Executor } from '@/server/db/client';
import { formEmailTools, forms } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { assertPageEditable } from '@/server/features/plan-limits/index';

/** 404 unless the page is the workspace's (and not deleted). */
async function ownPage(db: Executor, workspaceId: string, formId: string) {
  const [form] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId), isNull(forms.deletedAt)));
  if (!form) throw notFound('This form');
}

export async function getFormEmailTools(db: Db, workspaceId: string, formId: string): Promise<FormEmailTools> {
  await ownPage(db, workspaceId, formId);
  const rows = await db.select().from(formEmailTools).where(eq(formEmailTools.formId, formId));
  const settingsOf = (provider: 'mailchimp' | 'kit') => rows.find((r) => r.provider === provider)?.settings;
  return {
    mailchimp: (settingsOf('mailchimp') as MailchimpPageSettings | undefined) ?? null,
    kit: (settingsOf('kit') as KitPageSettings | undefined) ?? null,
  };
}

/** Replaces where the page's leads go: a null tool is no longer sent to. Applies to leads confirmed from now on. */
export async function setFormEmailTools(
  db: Db,
  workspaceId: string,
  formId: string,
  input: FormEmailTools,
): Promise<FormEmailTools> {
  await db.transaction(async (tx) => {
    await ownPage(tx, workspaceId, formId);
    await assertPageEditable(tx, workspaceId, formId);
    for (const provider of ['mailchimp', 'kit'] as const) {
      const settings = input[provider];
      if (settings === null) {
        await tx.delete(formEmailTools).where(and(eq(formEmailTools.formId, formId), eq(formEmailTools.provider, provider)));
        continue;
      }
      const cleaned =
        provider === 'mailchimp'
          ? { ...settings, tags: [...new Set((settings as MailchimpPageSettings).tags)] }
          : { ...settings, tagIds: [...new Set((settings as KitPageSettings).tagIds)] };
      await tx
        .insert(formEmailTools)
        .values({ formId, workspaceId, provider, settings: cleaned, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [formEmailTools.formId, formEmailTools.provider],
          set: { settings: cleaned, updatedAt: new Date() },
        });
    }
  });
  return getFormEmailTools(db, workspaceId, formId);
}
