import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { z } from 'zod';
import en from './i18n/messages/en.json' with { type: 'json' };
import { LANGUAGE_CODES } from './i18n/languages';
import type { MessageKey } from './i18n/translate';

// An owner's own wording of a fixed sentence, per page and per language (docs/decisions/0085): for
// their tone, or for a language Lodestone does not ship yet. It replaces the catalogue's message for
// that page only; it is checked as a translator's would be, so a visitor never sees a broken one.

/** What the owner's preview and the app say to the owner, not to visitors: nothing to override. */
const NOT_VISITOR_FACING =
  /^(preview\.|seed\.|notice\.root\.|error\.badRequest\.passthrough$|placement\.closeGlyph$|section\.testimonial\.openQuote$|form\.field\.requiredMark$)/;

/** The fixed sentences an owner may reword, in the catalogue's order (screen by screen). */
export const OVERRIDABLE_KEYS = (Object.keys(en) as MessageKey[]).filter((key) => !NOT_VISITOR_FACING.test(key));
const OVERRIDABLE: ReadonlySet<string> = new Set(OVERRIDABLE_KEYS);

/** Where a sentence shows, for the owner's list (by the first part of its key). */
export const OVERRIDE_GROUPS: ReadonlyArray<{ label: string; prefixes: readonly string[] }> = [
  { label: 'The form', prefixes: ['form.', 'section.', 'consent.', 'embed.', 'placement.', 'meta.'] },
  { label: 'Payment', prefixes: ['payment.', 'checkout.', 'pay.'] },
  { label: 'Thank-you page and code', prefixes: ['thanks.'] },
  { label: 'Links, downloads and receipts', prefixes: ['confirm.', 'download.', 'link.', 'receipt.', 'file.'] },
  { label: 'Emails', prefixes: ['email.'] },
  { label: 'Notices and errors', prefixes: ['notice.', 'error.'] },
];

export const overrideMessages = {
  unknownKey: 'This sentence cannot be reworded',
  doesNotParse: 'Check the braces: this sentence cannot be read as written',
  unknownPart: (name: string, allowed: readonly string[]) =>
    allowed.length > 0
      ? `Unknown part {${name}}. This sentence can use ${allowed.map((a) => `{${a}}`).join(', ')}.`
      : `Unknown part {${name}}. This sentence has no parts to fill in.`,
  unknownTag: (name: string) => `Unknown tag <${name}>. Keep the tags of Lodestone’s wording.`,
  controlCharacter: 'Write the sentence on one line, without control characters',
} as const;

/** Line breaks and other control characters: a sentence may end up in an email's subject line. */
const hasControl = (text: string) => [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/** The placeholders and tags a message uses. */
function partsOf(elements: MessageFormatElement[], found = { args: new Set<string>(), tags: new Set<string>() }) {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
      found.args.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      found.args.add(el.value);
      for (const option of Object.values(el.options)) partsOf(option.value, found);
    }
    if (el.type === TYPE.tag) {
      found.tags.add(el.value);
      partsOf(el.children, found);
    }
  }
  return found;
}

/** What is wrong with `words` as the owner's wording of `key`, or undefined when it is fine. */
export function overrideProblem(key: string, words: string): string | undefined {
  if (!OVERRIDABLE.has(key)) return overrideMessages.unknownKey;
  if (hasControl(words)) return overrideMessages.controlCharacter;
  let ast: MessageFormatElement[];
  try {
    ast = parse(words);
  } catch {
    return overrideMessages.doesNotParse;
  }
  const source = partsOf(parse(en[key as MessageKey]));
  const used = partsOf(ast);
  for (const name of used.args) if (!source.args.has(name)) return overrideMessages.unknownPart(name, [...source.args]);
  for (const name of used.tags) if (!source.tags.has(name)) return overrideMessages.unknownTag(name);
  return undefined;
}

/** A page's rewordings: language → sentence → the owner's words ('' or missing: the catalogue's). */
export const wordOverridesSchema = z
  .partialRecord(z.enum(LANGUAGE_CODES), z.record(z.string().max(80), z.string().max(2000)))
  .superRefine((overrides, ctx) => {
    for (const [code, words] of Object.entries(overrides)) {
      for (const [key, text] of Object.entries(words ?? {})) {
        if (text.trim() === '') continue;
        const problem = overrideProblem(key, text);
        if (problem) ctx.addIssue({ code: 'custom', path: [code, key], message: problem });
      }
    }
  });
export type WordOverrides = z.infer<typeof wordOverridesSchema>;
