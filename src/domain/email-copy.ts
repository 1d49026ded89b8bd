/**
 * The emails a visitor gets (the confirmation with its code, the delivery with the download), in
 * the owner's words: the page's `emails` (form-config.ts), where '' keeps Lodestone's wording.
 *
 * Owner text is plain text: paragraphs are split on blank lines and rendered as escaped text, never
 * as HTML. What the emails need to work (the code, the confirm button and its link, the download
 * button and its validity note, the legal footer) stays fixed around the owner's words.
 *
 * No zod here: the page creator shows these defaults and messages without the schemas.
 */

import type { Translate } from './i18n/translate';

export const VISITOR_EMAILS = ['confirm', 'delivery'] as const;
export type VisitorEmail = (typeof VISITOR_EMAILS)[number];

/** The keys of the page's `emails` that hold words (not the sender). */
export const EMAIL_WORDING_KEYS = ['confirmSubject', 'confirmText', 'deliverySubject', 'deliveryText'] as const;
export type EmailWordingKey = (typeof EMAIL_WORDING_KEYS)[number];

/** The shape of the page's `emails` (form-config.ts' EmailCopy), spelled out so this module imports nothing. */
export interface EmailCopyFields extends Record<EmailWordingKey, string> {
  senderName: string;
  replyTo: string;
}

/** The wording of the parts an owner may write, in the owner's placeholder syntax ('{lead_magnet}'). */
export type EmailWording = Record<EmailWordingKey, string>;

/** Lodestone's own wording: what an email says where the owner left a part blank. */
export const DEFAULT_EMAIL_WORDING: EmailWording = {
  confirmSubject: '{code} is your code for {lead_magnet}',
  confirmText: 'Confirm your email address to get {lead_magnet}.',
  deliverySubject: 'Your download: {lead_magnet}',
  deliveryText: 'Here is {lead_magnet}. Thank you for requesting it from {business_name}.',
};

const WORDING_MESSAGES = {
  confirmSubject: 'email.confirm.subject',
  confirmText: 'email.confirm.text',
  deliverySubject: 'email.delivery.subject',
  deliveryText: 'email.delivery.text',
} as const satisfies Record<EmailWordingKey, string>;

/**
 * Lodestone's wording in `t`'s language: its catalogue's messages with each placeholder given as
 * itself, so they come out in the owner's syntax and are filled in as the owner's words are.
 */
export function emailWordingIn(t: Translate): EmailWording {
  const asTyped = Object.fromEntries(PLACEHOLDER_NAMES.map((name) => [name, `{${name}}`]));
  const entries = Object.entries(WORDING_MESSAGES).map(([key, message]) => [key, t(message, asTyped)]);
  return Object.fromEntries(entries) as EmailWording;
}

export const PLACEHOLDER_NAMES = ['lead_magnet', 'business_name', 'first_name', 'code'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
export type PlaceholderValues = Partial<Record<PlaceholderName, string>>;

/** What each placeholder stands for, as the page creator lists them. */
export const PLACEHOLDER_HELP: Record<PlaceholderName, string> = {
  lead_magnet: 'the name of your lead magnet',
  business_name: 'your business name',
  first_name: 'the visitor’s first name, when your form asks for a name (otherwise “there”)',
  code: 'the 6-digit confirmation code (confirmation subject only)',
};

/** What a preview and a test email show for what differs per visitor. */
export const SAMPLE_EMAIL_VALUES = { firstName: 'Alex', code: '123456' } as const;

/** Stands in for {first_name} when the page asks for no name or the visitor left it blank: "Hi there". */
export const FIRST_NAME_FALLBACK = 'there';
const FIRST_NAME_MAX = 50;

/** The placeholders each part may use: the code only where it is news (the confirmation subject). */
export function placeholdersFor(key: EmailWordingKey): readonly PlaceholderName[] {
  return key === 'confirmSubject' ? PLACEHOLDER_NAMES : PLACEHOLDER_NAMES.filter((name) => name !== 'code');
}

export const EMAIL_COPY_LIMITS = { senderName: 100, replyTo: 254, subject: 200, text: 5000 } as const;

/** Anything in braces on one line reads as a placeholder to the owner, so anything in braces is checked. */
const TOKEN = /\{([^{}\r\n]{1,40})\}/g;

const list = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');

export const emailCopyMessages = {
  replyTo: 'Enter an email address like you@example.com',
  unknownPlaceholder: (typed: string, allowed: readonly PlaceholderName[]) =>
    `Unknown placeholder ${typed}. You can use ${list(allowed.map((name) => `{${name}}`))}.`,
  codeOutsideSubject: '{code} works only in the confirmation subject: the email always shows the code below your text.',
  testRateLimited: (limit: number, minutes: number) =>
    `You have sent ${limit} test emails in the last 10 minutes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/**
 * The first placeholder in `text` that `key` cannot fill, as a message; undefined when every one is
 * known. Unknown ones would go out as typed ("Hi {frist_name}"), so saving refuses them.
 */
export function placeholderProblem(key: EmailWordingKey, text: string): string | undefined {
  const allowed = placeholdersFor(key);
  for (const [typed, name] of text.matchAll(TOKEN)) {
    if ((allowed as readonly string[]).includes(name!)) continue;
    if (name === 'code') return emailCopyMessages.codeOutsideSubject;
    return emailCopyMessages.unknownPlaceholder(typed, allowed);
  }
  return undefined;
}

/** One plausible address: local@domain.tld, nothing a header could be split on. */
export function isEmailAddress(value: string): boolean {
  return (
    value.length <= EMAIL_COPY_LIMITS.replyTo &&
    /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/.test(value)
  );
}

/** The message for a bad Reply-To ('' is fine: replies go to the account's address). */
export function replyToProblem(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' || isEmailAddress(trimmed) ? undefined : emailCopyMessages.replyTo;
}

/** Every problem of a page's `emails`, keyed as the editor and the API show them ('emails.replyTo', …). */
export function emailCopyErrors(copy: EmailCopyFields | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!copy) return errors;
  const replyTo = replyToProblem(copy.replyTo);
  if (replyTo) errors['emails.replyTo'] = replyTo;
  for (const key of EMAIL_WORDING_KEYS) {
    const problem = placeholderProblem(key, copy[key]);
    if (problem) errors[`emails.${key}`] = problem;
  }
  return errors;
}

/**
 * Fills in the placeholders `values` has; any other `{…}` stays as typed. One pass: a value that
 * itself holds braces (a lead magnet called "{code}") is not filled in again.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(TOKEN, (typed, name: string) => {
    const value = (PLACEHOLDER_NAMES as readonly string[]).includes(name) ? values[name as PlaceholderName] : undefined;
    return value ?? typed;
  });
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The values of one email: the visitor's first name or `fallback` ("there": never "Hi ,"). */
export function placeholderValues(
  page: {
    leadMagnetName: string;
    businessName: string;
    firstName?: string | null;
    code?: string;
  },
  fallback: string = FIRST_NAME_FALLBACK,
): PlaceholderValues {
  return {
    lead_magnet: page.leadMagnetName,
    business_name: page.businessName,
    first_name: oneLine(page.firstName ?? '') || fallback,
    ...(page.code !== undefined ? { code: page.code } : {}),
  };
}

const subjectKey = (email: VisitorEmail) => (email === 'confirm' ? 'confirmSubject' : 'deliverySubject');
const textKey = (email: VisitorEmail) => (email === 'confirm' ? 'confirmText' : 'deliveryText');

/** The owner's subject (or the default, `wording`'s), filled in, on one line (a header has no line breaks). */
export function emailSubject(
  email: VisitorEmail,
  ownerSubject: string | undefined,
  values: PlaceholderValues,
  wording: EmailWording = DEFAULT_EMAIL_WORDING,
): string {
  const key = subjectKey(email);
  const chosen = ownerSubject?.trim() ? ownerSubject : wording[key];
  return oneLine(fillPlaceholders(chosen, values)) || oneLine(fillPlaceholders(wording[key], values));
}

/**
 * The owner's text (or the default, `wording`'s), filled in, as paragraphs (split on blank lines) of
 * lines (a single line break stays one). Plain text: the template renders each line as escaped text.
 */
export function emailParagraphs(
  email: VisitorEmail,
  ownerText: string | undefined,
  values: PlaceholderValues,
  wording: EmailWording = DEFAULT_EMAIL_WORDING,
): string[][] {
  const chosen = ownerText?.trim() ? ownerText : wording[textKey(email)];
  return fillPlaceholders(chosen.replace(/\r\n?/g, '\n'), values)
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
}

/** The owner's words of one email as its job carries them; undefined when both are Lodestone's. */
export function ownerWordsOf(
  copy: Partial<EmailCopyFields> | undefined,
  email: VisitorEmail,
): { subject: string; text: string } | undefined {
  const subject = copy?.[subjectKey(email)] ?? '';
  const text = copy?.[textKey(email)] ?? '';
  return subject.trim() || text.trim() ? { subject, text } : undefined;
}

/** True when these words greet the visitor by name: only then does the email need it. */
export const mentionsFirstName = (words: { subject: string; text: string } | undefined) =>
  words !== undefined && `${words.subject}\n${words.text}`.includes('{first_name}');

/**
 * Whose name the visitor's emails come from and where replies go: the owner's sender name (else the
 * business name) beside Lodestone's own sending address, and the owner's Reply-To (else the
 * workspace owner's account address, looked up when the email is queued). A name is one line.
 */
export function emailSender(
  copy: Partial<EmailCopyFields> | undefined,
  businessName: string,
  accountEmail: string | null | undefined,
): { fromName?: string; replyTo?: string } {
  const fromName = oneLine(copy?.senderName ?? '') || oneLine(businessName);
  const own = (copy?.replyTo ?? '').trim();
  const replyTo = own && isEmailAddress(own) ? own : (accountEmail ?? '');
  return { ...(fromName ? { fromName } : {}), ...(replyTo ? { replyTo } : {}) };
}

/** What a field's label says about a person's name, as the landing page's autocomplete reads it. */
export function nameKindOf(field: { type: string; label: string }): 'given' | 'full' | null {
  if (field.type !== 'text') return null;
  const label = field.label.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/\b(first|given|fore) ?name\b/.test(label)) return 'given';
  // Not the person's name: their surname, or the name of a company, a job, a country.
  if (/\b(last|family|sur) ?name\b/.test(label)) return null;
  if (/\b(job title|job role|position|company|organi[sz]ation|business|employer|website|country)\b/.test(label)) return null;
  return /\bname\b/.test(label) ? 'full' : null;
}

/**
 * The visitor's first name from their answers: a "First name" field's answer, else the first word
 * of a "Name" field's; null when the page asks for none or it was left blank.
 */
export function firstNameOf(
  fields: ReadonlyArray<{ id: string; type: string; label: string }>,
  data: Readonly<Record<string, string>>,
): string | null {
  const answer = (kind: 'given' | 'full') =>
    fields
      .filter((field) => nameKindOf(field) === kind)
      .map((field) => oneLine(data[field.id] ?? ''))
      .find((value) => value !== '');
  const name = answer('given') ?? answer('full')?.split(' ')[0];
  return name ? name.slice(0, FIRST_NAME_MAX) : null;
}
