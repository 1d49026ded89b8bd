import type { FormField } from '@/domain/form-config';

/**
 * The `autocomplete` token for a field, so browsers and password managers can fill it. Text fields
 * are guessed from their label; anything not recognised is 'off' rather than a wrong guess.
 */
export function autocompleteFor(field: Pick<FormField, 'type' | 'label'>): string {
  if (field.type === 'email') return 'email';
  if (field.type === 'phone') return 'tel';
  if (field.type !== 'text') return 'off';
  const label = field.label.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/\b(first|given|fore) ?name\b/.test(label)) return 'given-name';
  if (/\b(last|family|sur) ?name\b/.test(label)) return 'family-name';
  if (/\b(job title|job role|position)\b/.test(label)) return 'organization-title';
  if (/\b(company|organi[sz]ation|business|employer)\b/.test(label)) return 'organization';
  if (/\bwebsite\b/.test(label)) return 'url';
  if (/\bcountry\b/.test(label)) return 'country-name';
  if (/\bname\b/.test(label)) return 'name';
  return 'off';
}
