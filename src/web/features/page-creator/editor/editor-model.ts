import {
  FILE_NAME_DISPLAY_LENGTH,
  formConfigSchema,
  GOOGLE_TAG_PATTERN,
  LEAD_MAGNET_MAX_BYTES,
  META_PIXEL_PATTERN,
  pixelMessages,
  validateForPublish,
  type FormConfig,
} from '@/domain/form-config';
import {
  detectFileKind,
  fileExtension,
  fileKindOfName,
  fileMessages,
  SNIFF_HEAD_BYTES,
  ZIP_TAIL_BYTES,
} from '@/domain/file-kinds';
import { formMessages } from '@/domain/form-messages';
import { emailCopyErrors } from '@/domain/email-copy';
import { sectionsSchema, type Section } from '@/domain/sections';

/**
 * The editor's tabs, in order (docs/product.md#page-creator): the prototype's five with Sections
 * after Basic Info (they follow the title and description on the page), then Design (the page's look).
 */
export const EDITOR_TABS = [
  { value: 'basic', label: 'Basic Info' },
  { value: 'sections', label: 'Sections' },
  { value: 'fields', label: 'Form Fields' },
  { value: 'settings', label: 'Settings' },
  { value: 'payment', label: 'Payment' },
  { value: 'tracking', label: 'Tracking' },
  { value: 'design', label: 'Design' },
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number]['value'];

/**
 * Errors shown under the editor's inputs, keyed like FormErrors ('title', 'fields.2.label', …) plus
 * 'pixelFacebook', 'pixelGoogle' and whatever else the server names (e.g. 'payment.fixedAmount').
 */
export type EditorErrors = Record<string, string>;

/** The tab that holds the input an error key belongs to. */
export function tabForErrorKey(key: string): EditorTab {
  const root = key.split('.')[0] ?? key;
  if (root === 'fields') return 'fields';
  if (root === 'sections') return 'sections';
  if (root === 'payment') return 'payment';
  if (root === 'doubleOptIn' || root === 'privacyPolicy' || root === 'privacyPolicyUrl' || root === 'thankyouMessage')
    return 'settings';
  if (root === 'emails' || root === 'language' || root === 'languages' || root === 'translations' || root === 'wordOverrides')
    return 'settings';
  if (root === 'thankyouHeading' || root === 'afterSubmit' || root === 'redirectUrl' || root === 'embedOrigins')
    return 'settings';
  if (root === 'captcha' || root === 'followUps') return 'settings';
  if (root === 'pixelFacebook' || root === 'pixelGoogle' || root === 'customScript') return 'tracking';
  // The A/B test, B's sections included, is under the Design tab.
  if (root === 'design' || root === 'abTest') return 'design';
  return 'basic';
}

/** The first tab, in tab order, that holds an error. */
export function firstErrorTab(errors: EditorErrors): EditorTab | null {
  const keys = Object.keys(errors);
  if (keys.length === 0) return null;
  const tabs = new Set(keys.map(tabForErrorKey));
  return EDITOR_TABS.find((tab) => tabs.has(tab.value))?.value ?? null;
}

export function pixelError(kind: 'facebook' | 'google', value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const pattern = kind === 'facebook' ? META_PIXEL_PATTERN : GOOGLE_TAG_PATTERN;
  return pattern.test(trimmed) ? undefined : pixelMessages[kind];
}

/**
 * The rules of docs/product.md#validation, plus the pixel id rules the server enforces, so that publishing does not bounce.
 * A preview may go without the privacy policy address (its consent checkbox then links nowhere
 * yet); publishing needs it while the checkbox is on.
 */
export function validateEditor(config: FormConfig, hasFile: boolean, purpose: 'preview' | 'publish'): EditorErrors {
  const errors: EditorErrors = {};
  for (const [key, message] of Object.entries(validateForPublish(config, hasFile))) {
    if (!message) continue;
    if (purpose === 'preview' && message === formMessages.privacyPolicyUrlRequired) continue;
    // A preview shows the page itself, never where confirmed visitors go: the address can wait.
    if (purpose === 'preview' && key === 'redirectUrl') continue;
    errors[key] = message;
  }
  const facebook = pixelError('facebook', config.pixelFacebook);
  const google = pixelError('google', config.pixelGoogle);
  if (facebook) errors.pixelFacebook = facebook;
  if (google) errors.pixelGoogle = google;
  Object.assign(errors, emailCopyErrors(config.emails));
  Object.assign(errors, sectionInputErrors(config.sections, 'sections'));
  Object.assign(errors, sectionInputErrors(config.abTest?.sections, 'abTest.sections'));
  return errors;
}

/**
 * What the server would refuse in the sections as typed (a link that is not YouTube or Vimeo, an
 * author's link that is no web or email address), keyed by place as the server keys it, so that
 * publishing does not bounce.
 */
export function sectionInputErrors(sections: readonly Section[] | undefined, prefix: string): EditorErrors {
  const errors: EditorErrors = {};
  const result = sectionsSchema.safeParse(sections ?? []);
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[[prefix, ...issue.path.map(String)].join('.')] ??= issue.message;
  return errors;
}

/**
 * What the Preview view shows, whether the owner chose its tab or pressed the Preview button
 * (decision 0061): the page as filled in so far, with what publishing still needs; only a page
 * with neither a title nor a description has nothing to show, and then says so.
 */
export type PreviewContent = { kind: 'nothing' } | { kind: 'page'; stillNeeded: string[] };

export function previewContent(config: FormConfig, hasFile: boolean): PreviewContent {
  if (config.title.trim() === '' && config.description.trim() === '') return { kind: 'nothing' };
  return { kind: 'page', stillNeeded: [...new Set(Object.values(validateEditor(config, hasFile, 'publish')))] };
}

/**
 * docs/product.md#validation: a kind of file we deliver (by its name's extension: browsers report some of these
 * types inconsistently, or not at all), not empty, and at most 10 MB.
 */
export function checkLeadMagnetFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!fileKindOfName(file.name)) return fileMessages.unsupported;
  if (file.size > LEAD_MAGNET_MAX_BYTES) return formMessages.fileTooLarge;
  if (file.size === 0) return fileMessages.empty;
  return null;
}

/**
 * checkLeadMagnetFile, then the file's contents as the server will check them on upload (its first
 * bytes, and a ZIP-based file's entries), so a renamed file is refused when chosen rather than
 * after signing in and publishing. Reads only the head and the end of the file.
 */
export async function inspectLeadMagnetFile(file: File): Promise<string | null> {
  const problem = checkLeadMagnetFile(file);
  if (problem) return problem;
  const claimed = fileKindOfName(file.name)!;
  const bytes = async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer());
  const head = await bytes(0, SNIFF_HEAD_BYTES);
  const tail = await bytes(Math.max(0, file.size - ZIP_TAIL_BYTES), file.size);
  const actual = await detectFileKind(head, file.size, tail, async function* (start, end) {
    yield await bytes(start, end);
  });
  return actual === claimed ? null : fileMessages.notReally(fileExtension(file.name), actual);
}

/** docs/product.md#validation: the name truncated at 30 characters. */
export function displayFileName(name: string): string {
  return name.length > FILE_NAME_DISPLAY_LENGTH ? `${name.slice(0, FILE_NAME_DISPLAY_LENGTH)}...` : name;
}

const KB = 1024;
const MB = 1024 * KB;

/**
 * The prototype showed the size in MB with 2 decimals; below 1 MB that reads "0.00 MB" for a small file, so
 * smaller files show whole KB ("240 KB", at least "1 KB").
 */
export function displayFileSize(bytes: number): string {
  if (bytes < MB) return `${Math.min(1023, Math.max(1, Math.round(bytes / KB)))} KB`;
  return `${(bytes / MB).toFixed(2)} MB`;
}

/**
 * A draft read back from the browser is trusted only if it still has today's shape. A half-typed
 * pixel id is fine (the editor flags it); anything else wrong means the draft is from an older
 * version and is dropped.
 */
export function isUsableDraftConfig(value: unknown): value is FormConfig {
  const result = formConfigSchema.safeParse(value);
  if (result.success) return true;
  // A half-typed pixel id, privacy policy address, Reply-To, placeholder, section link or follow-up time is fine: the editor flags it.
  return result.error.issues.every(
    (issue) =>
      ['pixelFacebook', 'pixelGoogle', 'privacyPolicyUrl'].includes(String(issue.path[0])) ||
      (issue.path[0] === 'emails' && issue.code === 'custom') ||
      (issue.path[0] === 'followUps' && issue.code === 'custom') ||
      (isSectionsPath(issue.path) && issue.code === 'custom'),
  );
}

const isSectionsPath = (path: readonly PropertyKey[]) =>
  path[0] === 'sections' || (path[0] === 'abTest' && path[1] === 'sections');

/** Key order does not matter: the server and the editor may build the same config differently. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

export function sameConfig(a: FormConfig, b: FormConfig): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
