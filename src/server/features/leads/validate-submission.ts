import { RESERVED_NAMES, type FormConfig, type FormField } from '../../../domain/form-config.js';

export interface Submission {
  email: string;
  /** Values of the configured fields other than the email, keyed by field id. */
  data: Record<string, string>;
  consent: boolean;
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;
const PHONE = /^[+\d][\d\s().-]{4,29}$/;
const MAX_LENGTH = { textarea: 5000, other: 500 };

export const submissionMessages = {
  required: 'This field is required',
  email: 'Enter a valid email address',
  number: 'Enter a number',
  phone: 'Enter a valid phone number',
  tooLong: 'This is too long',
  consent: 'Please agree to the privacy policy to continue',
} as const;

function checkField(field: FormField, raw: string): string | null {
  const value = raw.trim();
  if (field.type === 'checkbox') return field.required && value !== 'yes' ? submissionMessages.required : null;
  if (!value) return field.required ? submissionMessages.required : null;
  if (value.length > (field.type === 'textarea' ? MAX_LENGTH.textarea : MAX_LENGTH.other)) return submissionMessages.tooLong;
  if (field.type === 'email' && !EMAIL.test(value)) return submissionMessages.email;
  if (field.type === 'number' && !Number.isFinite(Number(value))) return submissionMessages.number;
  if (field.type === 'phone' && !PHONE.test(value)) return submissionMessages.phone;
  return null;
}

const first = (v: unknown): string => (Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v : '');

/**
 * Checks a posted form against the published configuration. Fields the page does not have are
 * ignored. Returns the cleaned submission, or errors keyed like the page's inputs; and the values
 * to refill the form with if it is shown again.
 */
export function validateSubmission(
  config: FormConfig,
  body: Record<string, unknown>,
):
  | { ok: true; submission: Submission; values: Record<string, string> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const data: Record<string, string> = {};
  let email = '';
  for (const field of config.fields) {
    const raw = first(body[field.id]);
    values[field.id] = raw.slice(0, 5000);
    const problem = checkField(field, raw);
    if (problem) errors[field.id] = problem;
    else if (field.type === 'email' && !email) email = raw.trim().toLowerCase();
    else if (raw.trim()) data[field.id] = field.type === 'checkbox' ? 'yes' : raw.trim();
  }
  const consent = first(body[RESERVED_NAMES.consent]) === 'yes';
  values[RESERVED_NAMES.consent] = consent ? 'yes' : '';
  if (config.payment.enabled) {
    values[RESERVED_NAMES.amount] = first(body[RESERVED_NAMES.amount]).slice(0, 20);
    values[RESERVED_NAMES.provider] = first(body[RESERVED_NAMES.provider]).slice(0, 20);
  }
  if (config.privacyPolicy && !consent) errors[RESERVED_NAMES.consent] = submissionMessages.consent;
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, submission: { email, data, consent }, values };
}
