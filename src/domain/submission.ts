import { z } from 'zod';
import { CHECKED_VALUE } from './checked-value';
import { followUpsOf, showsFollowUpOptIn } from './follow-ups';
import { isChoiceField, RESERVED_NAMES, type FormConfig, type FormField } from './form-config';
import { englishT } from './i18n/english';
import type { MessageKey, Translate } from './i18n/translate';

/**
 * The contract of a visitor's submission, built from the page's configuration: the server checks a
 * POST /f/{id} with it and the creator's preview checks its form with it, so the page, the server
 * and any later entry point (the public API, an embed) accept exactly the same input.
 */

/** Each problem a submission can have, as its message's key in the page's catalogue. */
const PROBLEMS = {
  required: 'form.error.required',
  email: 'form.error.email',
  number: 'form.error.number',
  phone: 'form.error.phone',
  choice: 'form.error.choice',
  date: 'form.error.date',
  tooLong: 'form.error.tooLong',
  invalidCharacter: 'form.error.invalidCharacter',
  consent: 'form.error.consent',
} as const satisfies Record<string, MessageKey>;

/** The problems in English, as a page without a language of its own says them. */
export const submissionMessages = Object.fromEntries(
  Object.entries(PROBLEMS).map(([name, key]) => [name, englishT(key)]),
) as Record<keyof typeof PROBLEMS, string>;

export interface Submission {
  /** The first email field's value, trimmed and lower-cased. */
  email: string;
  /** Values of the configured fields other than the email, keyed by field id. */
  data: Record<string, string>;
  consent: boolean;
  /** Whether the follow-up opt-in was ticked; absent when the page did not show it (domain/follow-ups.ts). */
  followUps?: boolean;
}

export type SubmissionResult =
  | { ok: true; submission: Submission; values: Record<string, string> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;
const PHONE = /^[+\d][\d\s().-]{4,29}$/;
// C0 controls other than tab and line breaks, and DEL: nothing a person types; PostgreSQL refuses NUL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const MAX_VALUE_LENGTH = { textarea: 5000, other: 500, hidden: 500 } as const;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]/g;
export { CHECKED_VALUE } from './checked-value';

/** A posted value as one string: the first of repeated names, '' for anything that is not text. */
const firstString = (v: unknown): string => (Array.isArray(v) ? firstString(v[0]) : typeof v === 'string' ? v : '');

function fieldSchema(field: FormField) {
  return z.string().superRefine((raw, ctx) => {
    const problem = fieldProblem(field, raw);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A yyyy-mm-dd that names a day of the calendar (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A hidden field's value (a tracking parameter from the page's address) as stored: without control
 * characters, trimmed and cut. It is never a reason to refuse a visitor.
 */
export const hiddenValue = (raw: string): string => raw.replace(CONTROLS, '').trim().slice(0, MAX_VALUE_LENGTH.hidden);

function fieldProblem(field: FormField, raw: string): MessageKey | null {
  if (field.type === 'hidden') return null;
  const value = raw.trim();
  if (CONTROL.test(raw)) return PROBLEMS.invalidCharacter;
  if (field.type === 'checkbox') return field.required && value !== CHECKED_VALUE ? PROBLEMS.required : null;
  if (!value) return field.required ? PROBLEMS.required : null;
  if (value.length > (field.type === 'textarea' ? MAX_VALUE_LENGTH.textarea : MAX_VALUE_LENGTH.other)) {
    return PROBLEMS.tooLong;
  }
  if (field.type === 'email' && !EMAIL.test(value)) return PROBLEMS.email;
  if (field.type === 'number' && !Number.isFinite(Number(value))) return PROBLEMS.number;
  if (field.type === 'phone' && !PHONE.test(value)) return PROBLEMS.phone;
  if (isChoiceField(field) && !(field.options ?? []).some((option) => option.trim() === value)) return PROBLEMS.choice;
  if (field.type === 'date' && !isCalendarDate(value)) return PROBLEMS.date;
  return null;
}

/**
 * The zod schema of a submission to a page with this configuration: one string per field (what a
 * form posts; '' for an empty or missing input) and the consent checkbox. Other names are ignored.
 */
export function submissionSchema(config: FormConfig) {
  let schema = schemas.get(config);
  if (!schema) schemas.set(config, (schema = buildSubmissionSchema(config)));
  return schema;
}

// A published page's configuration is one object for as long as the server caches the page, and
// zod builds a schema in far more time than it checks a submission with it: one per configuration.
const schemas = new WeakMap<FormConfig, ReturnType<typeof buildSubmissionSchema>>();

function buildSubmissionSchema(config: FormConfig) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of config.fields) shape[field.id] = fieldSchema(field);
  const consent = z.string().refine((v) => !config.privacyPolicy || v === CHECKED_VALUE, PROBLEMS.consent);
  return z.object({ ...shape, [RESERVED_NAMES.consent]: consent });
}

/** A posted body as the schema's input: each field's first value as text. */
export const postedValues = (config: FormConfig, body: Record<string, unknown>) =>
  Object.fromEntries([...config.fields.map((f) => f.id), RESERVED_NAMES.consent].map((name) => [name, firstString(body[name])]));

/**
 * Checks a posted form against the page's configuration. Returns the cleaned submission, or errors
 * keyed like the page's inputs; and the values to refill the form with if it is shown again.
 */
export function parseSubmission(config: FormConfig, body: Record<string, unknown>, t: Translate = englishT): SubmissionResult {
  const values: Record<string, string> = {};
  for (const field of config.fields) {
    const raw = firstString(body[field.id]);
    values[field.id] = field.type === 'hidden' ? hiddenValue(raw) : raw.slice(0, MAX_VALUE_LENGTH.textarea);
  }
  const consentGiven = firstString(body[RESERVED_NAMES.consent]) === CHECKED_VALUE;
  values[RESERVED_NAMES.consent] = consentGiven ? CHECKED_VALUE : '';
  // The opt-in is optional: it is read (and kept for the page shown again) only where the page shows it.
  const optIn = showsFollowUpOptIn(followUpsOf(config));
  const optedIn = optIn && firstString(body[RESERVED_NAMES.followUps]) === CHECKED_VALUE;
  if (optIn) values[RESERVED_NAMES.followUps] = optedIn ? CHECKED_VALUE : '';
  if (config.payment.enabled) {
    values[RESERVED_NAMES.amount] = firstString(body[RESERVED_NAMES.amount]).slice(0, 20);
    values[RESERVED_NAMES.provider] = firstString(body[RESERVED_NAMES.provider]).slice(0, 20);
  }

  const parsed = submissionSchema(config).safeParse(postedValues(config, body));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!name || errors[name]) continue;
      // Control characters are not sent back into the page.
      if (issue.message === PROBLEMS.invalidCharacter) values[name] = '';
      errors[name] = t(issue.message as MessageKey);
    }
    return { ok: false, errors, values };
  }

  let email = '';
  const data: Record<string, string> = {};
  for (const field of config.fields) {
    const value = values[field.id]!.trim();
    if (field.type === 'email' && !email) email = value.toLowerCase();
    else if (value) data[field.id] = field.type === 'checkbox' ? CHECKED_VALUE : value;
  }
  return { ok: true, submission: { email, data, consent: consentGiven, ...(optIn ? { followUps: optedIn } : {}) }, values };
}

/**
 * The posted form with its hidden fields that came back empty filled from the page's own address
 * (`?utm_source=…`): what the landing script does in the browser, for visitors without JavaScript.
 * A value the form posted wins; parseSubmission cleans and cuts whatever is filled in.
 */
export function withPageParams(
  config: FormConfig,
  body: Record<string, unknown>,
  pageParams: URLSearchParams,
): Record<string, unknown> {
  let filled = body;
  for (const field of config.fields) {
    // Pages saved before fields had a parameter have none (their configs are stored as they were).
    const param = field.type === 'hidden' ? (field.param ?? '').trim() : '';
    if (!param || firstString(body[field.id]).trim() !== '') continue;
    const value = pageParams.get(param);
    if (value) filled = { ...filled, [field.id]: value };
  }
  return filled;
}
