import { useQuery } from '@tanstack/react-query';
import type { EmailPreview, EmailTestSent } from '@/domain/email-copy-api';
import { DEFAULT_EMAIL_COPY, type FormConfig } from '@/domain/form-config';
import type { FollowUpStep } from '@/domain/follow-ups';
import type { FollowUpPreviewBody, FollowUpStats } from '@/domain/follow-ups-api';
import { apiFetch } from '@/web/lib/api';

/** Client side of the follow-up routes (contract in src/domain/follow-ups-api.ts). */

/** What the server needs to render one email of the sequence as the page would send it now. */
export function followUpPreviewBody(config: FormConfig, step: Pick<FollowUpStep, 'subject' | 'text'>): FollowUpPreviewBody {
  const copy = config.emails ?? DEFAULT_EMAIL_COPY;
  return {
    businessName: config.businessName,
    leadMagnetName: config.leadMagnetName,
    emails: { senderName: copy.senderName, replyTo: copy.replyTo },
    step: { subject: step.subject, text: step.text },
    // The email carries the page's colour and logo, and Lodestone's words in it speak the page's language.
    design: { brandColor: config.design.brandColor, logo: config.design.logo },
    language: config.language,
  };
}

export const previewFollowUp = (body: FollowUpPreviewBody) =>
  apiFetch<EmailPreview>('/api/forms/follow-up-preview', { method: 'POST', json: body });

export const sendFollowUpTest = (body: FollowUpPreviewBody) =>
  apiFetch<EmailTestSent>('/api/forms/follow-up-test', { method: 'POST', json: body });

export const fetchFollowUpStats = (formId: string) =>
  apiFetch<FollowUpStats>(`/api/forms/${encodeURIComponent(formId)}/follow-ups`);

/** A published page's follow-up figures (`formId` null: nothing to ask). */
export const useFollowUpStats = (formId: string | null) =>
  useQuery({
    queryKey: ['forms', 'follow-ups', formId ?? ''],
    queryFn: () => fetchFollowUpStats(formId!),
    enabled: formId !== null,
  });
