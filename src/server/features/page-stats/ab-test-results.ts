import { and, count, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { abTestOn } from '@/domain/ab-test';
import { AB_VARIANTS, type AbVariant } from '@/domain/ab-variants';
import { abTestVerdict, type AbTestResults, type AbVariantResult } from '@/domain/ab-test-results';
import { conversionRate } from '@/domain/conversion';
import { DEFAULT_AB_TEST } from '@/domain/form-config';
import type { Db } from '@/server/db/client';
import { formAbViews, forms, leads } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';

/**
 * A page's current (or last) A/B test: each variant's views and sign-ups since the test started, and
 * the verdict. Views come from the test's roll-up (form_ab_views); sign-ups are the leads that
 * recorded a variant since the start and are not held (decision 0045: held leads count when released).
 */
export async function abTestResults(db: Db, workspaceId: string, formId: string): Promise<AbTestResults> {
  const [form] = await db
    .select({ published: forms.published, draft: forms.draft, startedAt: forms.abTestStartedAt })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceId, workspaceId)));
  if (!form) throw notFound('This form');
  const config = form.published ?? form.draft;
  const split = config.abTest?.split ?? DEFAULT_AB_TEST.split;
  const counts = { a: { views: 0, leads: 0 }, b: { views: 0, leads: 0 } } satisfies Record<AbVariant, unknown>;
  const { startedAt } = form;
  if (startedAt) {
    const [views, signUps] = await Promise.all([
      db
        .select({ variant: formAbViews.variant, views: formAbViews.views })
        .from(formAbViews)
        .where(and(eq(formAbViews.formId, formId), eq(formAbViews.testStartedAt, startedAt))),
      db
        .select({ variant: leads.abVariant, n: count() })
        .from(leads)
        .where(and(eq(leads.formId, formId), isNotNull(leads.abVariant), gte(leads.createdAt, startedAt), isNull(leads.heldAt)))
        .groupBy(leads.abVariant),
    ]);
    for (const row of views) counts[row.variant].views += row.views;
    for (const row of signUps) if (row.variant) counts[row.variant].leads += Number(row.n);
  }
  const variants = AB_VARIANTS.map((variant): AbVariantResult => ({
    variant,
    ...counts[variant],
    conversionRate: conversionRate(counts[variant].leads, counts[variant].views),
  })) as [AbVariantResult, AbVariantResult];
  return {
    running: form.published !== null && abTestOn(form.published) && startedAt !== null,
    startedAt: startedAt?.toISOString() ?? null,
    split,
    variants,
    ...abTestVerdict(counts.a, counts.b),
  };
}
