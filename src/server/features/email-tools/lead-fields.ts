import { EMAIL_FIELD_ID, type FormConfig } from '@/domain/form-config';

/** A lead's answers as an email tool receives them: the first name apart, the rest by the page's labels. */
export interface LeadFields {
  firstName: string | null;
  lastName: string | null;
  /** Label → answer, in the page's field order; empty answers left out. */
  others: Array<{ label: string; value: string }>;
}

const normalise = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Labels read as the person's (first) name: "Name", "Your name", "First name", "Full name"… */
const FIRST_NAME_LABELS = new Set([
  'name',
  'your name',
  'first name',
  'your first name',
  'firstname',
  'full name',
  'your full name',
]);
const LAST_NAME_LABELS = new Set(['last name', 'your last name', 'lastname', 'surname', 'family name']);

/**
 * Splits a lead's answers for an email tool. The first field whose label is a name label becomes
 * the first name (FNAME / first_name), a last-name label the last name; every other answer keeps
 * its label. Answers to fields the page no longer has are labelled by their field id.
 */
export function leadFields(config: FormConfig | null, data: Record<string, string>): LeadFields {
  const fields = (config?.fields ?? []).filter((f) => f.id !== EMAIL_FIELD_ID);
  const known = new Set(fields.map((f) => f.id));
  const labelled = fields.map((f) => ({ label: f.label.trim() || f.id, value: (data[f.id] ?? '').trim() }));
  for (const [id, value] of Object.entries(data)) {
    if (id !== EMAIL_FIELD_ID && !known.has(id)) labelled.push({ label: id, value: value.trim() });
  }
  const result: LeadFields = { firstName: null, lastName: null, others: [] };
  for (const { label, value } of labelled) {
    if (!value) continue;
    const key = normalise(label);
    if (result.firstName === null && FIRST_NAME_LABELS.has(key)) result.firstName = value;
    else if (result.lastName === null && LAST_NAME_LABELS.has(key)) result.lastName = value;
    else result.others.push({ label, value });
  }
  return result;
}

export const sameLabel = (a: string, b: string) => normalise(a) === normalise(b);
