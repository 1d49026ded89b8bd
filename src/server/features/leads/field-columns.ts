import { inArray } from 'drizzle-orm';
import { EMAIL_FIELD_ID, type FormConfig } from '@/domain/form-config';
import type { LeadFieldColumn } from '@/domain/forms-api';
import type { Executor } from '@/server/db/client';
import { forms } from '@/server/db/schema';

/** A page's answer fields as its leads saw them: the published config, else the draft; the email has its own column. */
export function answerFields(config: FormConfig): Array<{ id: string; label: string }> {
  return config.fields.filter((f) => f.id !== EMAIL_FIELD_ID).map((f) => ({ id: f.id, label: f.label.trim() || f.id }));
}

/** Field id -> label, per page, for the pages in `formIds`. */
export async function fieldLabelsOf(db: Executor, formIds: string[]): Promise<Map<string, Array<{ id: string; label: string }>>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .select({ id: forms.id, published: forms.published, draft: forms.draft })
    .from(forms)
    .where(inArray(forms.id, formIds));
  return new Map(rows.map((r) => [r.id, answerFields(r.published ?? r.draft)]));
}

/**
 * The answer columns of a page of leads across several pages, and each lead's answers keyed by
 * column label. Two pages that both ask "Company" share one column. An answer to a field the page
 * no longer has keeps its field id as its label, so nothing the visitor gave is hidden.
 */
export function labelAnswers(
  rows: ReadonlyArray<{ formId: string; data: Record<string, string> }>,
  labelsByForm: Map<string, Array<{ id: string; label: string }>>,
): { fields: LeadFieldColumn[]; answers: Array<Record<string, string>> } {
  const seen = new Set<string>();
  const fields: LeadFieldColumn[] = [];
  const add = (label: string) => {
    if (seen.has(label)) return;
    seen.add(label);
    fields.push({ label });
  };
  const answers = rows.map(({ formId, data }) => {
    const pageFields = labelsByForm.get(formId) ?? [];
    for (const f of pageFields) add(f.label);
    // No prototype: a label is the owner's text, and "__proto__" must stay an ordinary key.
    const byLabel = Object.create(null) as Record<string, string>;
    const put = (label: string, value: string) => {
      add(label);
      // Two fields of one page with the same label: both answers, in field order.
      byLabel[label] = label in byLabel ? `${byLabel[label]} · ${value}` : value;
    };
    const known = new Set(pageFields.map((f) => f.id));
    for (const f of pageFields) if (data[f.id] !== undefined && data[f.id] !== '') put(f.label, data[f.id]!);
    for (const [id, value] of Object.entries(data)) if (!known.has(id) && value !== '') put(id, value);
    return byLabel;
  });
  return { fields, answers };
}
