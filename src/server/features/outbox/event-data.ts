import { EMAIL_FIELD_ID, type FormConfig } from '@/domain/form-config';
import type { forms, leads, payments } from '@/server/db/schema/index';

type LeadRow = typeof leads.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type FormRow = typeof forms.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `data` of lead.created and lead.confirmed (docs/webhooks): the answers labelled as the page asked them. */
export function leadEventData(lead: LeadRow, config: FormConfig | null) {
  const labels = new Map((config?.fields ?? []).map((f) => [f.id, f.label]));
  return {
    lead: {
      id: lead.id,
      form_id: lead.formId,
      email: lead.email,
      status: lead.status === 'verified' ? 'confirmed' : 'pending',
      payment_state: lead.paymentState,
      answers: Object.entries(lead.data)
        .filter(([id]) => id !== EMAIL_FIELD_ID)
        .map(([id, value]) => ({ field_id: id, label: labels.get(id) ?? id, value })),
      utm: {
        source: lead.utmSource,
        medium: lead.utmMedium,
        campaign: lead.utmCampaign,
        term: lead.utmTerm,
        content: lead.utmContent,
      },
      referrer: lead.referrer,
      created_at: iso(lead.createdAt),
      confirmed_at: iso(lead.verifiedAt),
    },
  };
}

/** `data` of lead.erased: enough for a receiver to find and delete the person, nothing more. */
export const erasedLeadEventData = (lead: { id: string; formId: string; email: string }, erasedAt: Date) => ({
  lead: { id: lead.id, form_id: lead.formId, email: lead.email, erased_at: erasedAt.toISOString() },
});

/** `data` of payment.completed and payment.refunded. `lead_id` is null once the payer was erased. */
export const paymentEventData = (payment: PaymentRow, status: 'paid' | 'refunded', at: Date) => ({
  payment: {
    id: payment.id,
    form_id: payment.formId,
    lead_id: payment.leadId,
    provider: payment.provider,
    amount: payment.amount,
    currency: payment.currency,
    status,
    paid_at: status === 'paid' ? at.toISOString() : iso(payment.paidAt),
    refunded_at: status === 'refunded' ? at.toISOString() : null,
  },
});

/** `data` of form.published. */
export const publishedFormEventData = (form: FormRow, publicOrigin: string) => ({
  form: {
    id: form.id,
    name: form.name,
    version: form.publishedVersion,
    url: `${publicOrigin}/f/${form.id}`,
    published_at: iso(form.publishedAt),
  },
});
