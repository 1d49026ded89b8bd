import { z } from 'zod';
import { EMAIL_WORDING_KEYS, placeholderProblem, type EmailWordingKey } from './email-copy';
import type { FormConfig } from './form-config';
import type { Section } from './sections';
import { bestLanguage, DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from './i18n/languages';

// A page in several languages (docs/decisions/0085). The page is written in its main language
// (`language`); `languages` are the others it also speaks, and `translations[code]` holds the owner's
// own texts in each, by where the text sits in the page (`title`, `fields.email.label`,
// `sections.section-1.items.0.text`). A text left empty in a language is the main language's, so a
// visitor never reads a blank. Lodestone's fixed words come from that language's catalogue.

/** The most translated texts one language may hold: more than a page can have (fields, sections, items). */
export const MAX_TRANSLATED_TEXTS = 1000;

/** One language's texts: where each sits in the page → the owner's words there. */
export const pageTranslationSchema = z
  .record(z.string().max(120), z.string().max(5000))
  .refine((texts) => Object.keys(texts).length <= MAX_TRANSLATED_TEXTS, 'Too many translated texts');
export type PageTranslation = z.infer<typeof pageTranslationSchema>;

export const pageLanguagesSchema = z
  .array(z.enum(LANGUAGE_CODES))
  .max(LANGUAGE_CODES.length - 1)
  .refine((codes) => new Set(codes).size === codes.length, 'Each language once');

/** Each language's texts; an email's words are checked for placeholders as the main language's are. */
export const pageTranslationsSchema = z
  .partialRecord(z.enum(LANGUAGE_CODES), pageTranslationSchema)
  .superRefine((translations, ctx) => {
    for (const [code, texts] of Object.entries(translations)) {
      for (const [path, words] of Object.entries(texts ?? {})) {
        const key = path.startsWith('emails.') ? path.slice('emails.'.length) : '';
        if (!(EMAIL_WORDING_KEYS as readonly string[]).includes(key)) continue;
        const problem = placeholderProblem(key as EmailWordingKey, words);
        if (problem) ctx.addIssue({ code: 'custom', path: [code, path], message: problem });
      }
    }
  });
export type PageTranslations = z.infer<typeof pageTranslationsSchema>;

/** A text of the owner's that a visitor reads: where it sits, what the owner calls it, its words, its limit. */
export type OwnerText = { path: string; label: string; text: string; max: number; long?: boolean };

/** Every text of the owner's a visitor of `config` reads, in the creator's order, non-empty ones only. */
export function ownerTexts(config: FormConfig): OwnerText[] {
  const texts: OwnerText[] = [];
  const add = (path: string, label: string, text: string | undefined, max: number, long = false) => {
    if (text && text.trim() !== '') texts.push({ path, label, text, max, ...(long ? { long } : {}) });
  };
  add('title', 'Page title', config.title, 200);
  add('description', 'Description', config.description, 5000, true);
  add('businessName', 'Business name', config.businessName, 200);
  add('leadMagnetName', 'Lead magnet name', config.leadMagnetName, 200);
  add('design.buttonText', 'Button text', config.design.buttonText, 60);
  config.fields.forEach((field) => {
    const name = field.label.trim() || 'Field';
    add(`fields.${field.id}.label`, `${name}: label`, field.label, 100);
    add(`fields.${field.id}.placeholder`, `${name}: placeholder`, field.placeholder, 100);
    add(`fields.${field.id}.helpText`, `${name}: help text`, field.helpText, 300);
    field.options.forEach((option, i) => add(`fields.${field.id}.options.${i}`, `${name}: option ${i + 1}`, option, 100));
  });
  config.sections.forEach((section) => sectionTexts(section, add));
  add('thankyouHeading', 'Thank-you heading', config.thankyouHeading, 200);
  add('thankyouMessage', 'Thank-you message', config.thankyouMessage, 1000, true);
  add('emails.confirmSubject', 'Confirmation email: subject', config.emails.confirmSubject, 200);
  add('emails.confirmText', 'Confirmation email: text', config.emails.confirmText, 5000, true);
  add('emails.deliverySubject', 'Download email: subject', config.emails.deliverySubject, 200);
  add('emails.deliveryText', 'Download email: text', config.emails.deliveryText, 5000, true);
  add('abTest.title', 'Variant B: title', config.abTest.title, 200);
  add('abTest.description', 'Variant B: description', config.abTest.description, 5000, true);
  return texts;
}

type Add = (path: string, label: string, text: string | undefined, max: number, long?: boolean) => void;

const SECTION_NAMES: Record<Section['type'], string> = {
  benefits: 'Benefits',
  testimonials: 'Testimonials',
  author: 'Author',
  faq: 'Questions',
  logos: 'Logos',
  video: 'Video',
  deadline: 'Deadline',
  cta: 'Call to action',
};

function sectionTexts(section: Section, add: Add) {
  const at = `sections.${section.id}`;
  const name = SECTION_NAMES[section.type];
  add(`${at}.heading`, `${name}: heading`, section.heading, 120);
  switch (section.type) {
    case 'benefits':
      section.items.forEach((item, i) => add(`${at}.items.${i}.text`, `${name}: item ${i + 1}`, item.text, 500, true));
      break;
    case 'testimonials':
      section.items.forEach((item, i) => {
        add(`${at}.items.${i}.quote`, `${name}: quote ${i + 1}`, item.quote, 1000, true);
        add(`${at}.items.${i}.role`, `${name}: role ${i + 1}`, item.role, 100);
      });
      break;
    case 'author':
      add(`${at}.bio`, `${name}: bio`, section.bio, 2000, true);
      section.links.forEach((link, i) => add(`${at}.links.${i}.label`, `${name}: link ${i + 1}`, link.label, 60));
      break;
    case 'faq':
      section.items.forEach((item, i) => {
        add(`${at}.items.${i}.question`, `${name}: question ${i + 1}`, item.question, 200);
        add(`${at}.items.${i}.answer`, `${name}: answer ${i + 1}`, item.answer, 2000, true);
      });
      break;
    case 'logos':
      section.items.forEach((item, i) => add(`${at}.items.${i}.alt`, `${name}: logo ${i + 1} description`, item.alt, 100));
      break;
    case 'video':
      add(`${at}.title`, `${name}: title`, section.title, 120);
      break;
    case 'deadline':
      add(`${at}.endedMessage`, `${name}: message when it has ended`, section.endedMessage, 300);
      break;
    case 'cta':
      add(`${at}.text`, `${name}: text`, section.text, 500, true);
      add(`${at}.buttonText`, `${name}: button`, section.buttonText, 60);
      break;
  }
}

/** The languages a page speaks: its main one first, then the others, each once. */
export function pageLanguages(config: Pick<FormConfig, 'language' | 'languages'>): Language[] {
  const main = config.language ?? DEFAULT_LANGUAGE;
  return [main, ...otherLanguages(config).filter((code) => code !== main)];
}

/** The languages beyond the main one; none for a page stored before pages had them (its config is read as stored). */
const otherLanguages = (config: Pick<FormConfig, 'languages'>): readonly Language[] =>
  (config.languages as Language[] | undefined) ?? [];

/** Whether a page speaks more than one language, so its document depends on the visitor's. */
export const isMultilingual = (config: Pick<FormConfig, 'language' | 'languages'>) => pageLanguages(config).length > 1;

/**
 * The language a visitor gets: the one their link names (`?lang=`) when the page speaks it, else the
 * best match for their browser's Accept-Language, else the page's main language.
 */
export function visitorLanguage(
  config: Pick<FormConfig, 'language' | 'languages'>,
  asked: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const offered = pageLanguages(config);
  if (offered.length === 1) return offered[0]!;
  const named = asked ? offered.find((code) => code.toLowerCase() === asked.toLowerCase()) : undefined;
  return named ?? bestLanguage(acceptLanguage, offered, offered[0]!);
}

/**
 * `config` as a visitor of `language` reads it: its language set to that one, and each of the owner's
 * texts that has words in it replaced by them. Only a place that holds an owner's text on this page
 * is ever written, so a translation cannot change anything else (an address, a price, a field's type).
 * Its `languages` are the page's others, so a switch between them can still be drawn.
 */
export function localizedConfig(config: FormConfig, language: Language): FormConfig {
  if (language === config.language || !otherLanguages(config).includes(language)) return config;
  const texts = (config.translations as PageTranslations | undefined)?.[language] ?? {};
  const next: FormConfig = structuredClone(config);
  // The same languages, the visitor's now the one the page is in (and so never localized twice).
  next.languages = pageLanguages(config).filter((code) => code !== language);
  next.language = language;
  for (const { path, max } of ownerTexts(config)) {
    const words = texts[path];
    if (words !== undefined && words.trim() !== '') setText(next, path, words.slice(0, max));
  }
  return next;
}

/** Writes `words` where `path` points: array members named by their id (fields, sections) or index. */
function setText(root: object, path: string, words: string) {
  const keys = path.split('.');
  let node: unknown = root;
  for (const key of keys.slice(0, -1)) {
    node = Array.isArray(node)
      ? (node.find((item: { id?: string }) => item?.id === key) ?? node[Number(key)])
      : (node as Record<string, unknown>)?.[key];
    if (node === null || typeof node !== 'object') return;
  }
  const last = keys[keys.length - 1]!;
  const holder = node as Record<string, unknown>;
  if (typeof holder[last] === 'string') holder[last] = words;
}
