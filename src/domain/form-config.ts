import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './i18n/languages';
import { wordOverridesSchema } from './word-overrides';
import { pageLanguagesSchema, pageTranslationsSchema } from './page-languages';
import { z } from 'zod';
import { CAPTCHA_CHOICES } from './captcha';
import { EMAIL_COPY_LIMITS, emailCopyMessages, isEmailAddress, placeholderProblem, type EmailWordingKey } from './email-copy';
import { redirectUrlError } from './after-submit';
import { embedOriginsError } from './embed-origins';
import { FILE_KINDS } from './file-kinds';
import { formMessages } from './form-messages';
import { CURRENCIES, toMinorUnits } from './money';
import { sectionPublishErrors, sectionsSchema } from './sections';
import { DEFAULT_FOLLOW_UPS, followUpErrors, followUpsSchema } from './follow-ups';

/** docs/product.md#page-configuration: the landing page configuration an owner builds, with its defaults. */

export const FIELD_TYPES = [
  'text',
  'email',
  'number',
  'phone',
  'textarea',
  'checkbox',
  'dropdown',
  'radio',
  'date',
  'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const PAYMENT_TYPES = ['fixed', 'pwyw'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'paypal', 'both'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const EMAIL_FIELD_ID = 'email';
export const MAX_FIELDS = 20;
export const LEAD_MAGNET_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_NAME_DISPLAY_LENGTH = 30;
export const DEFAULT_THANK_YOU_MESSAGE = 'Thank you for subscribing! Check your email for your download.';

/** Input names the landing page uses itself; a configured field may not take them. */
export const RESERVED_NAMES = {
  consent: 'consent',
  amount: 'amount',
  provider: 'provider',
  /** signed time the page was rendered: submissions faster than 2 s are bots */
  renderedAt: 'ls_t',
  /** a field people never see and bots fill */
  honeypot: 'ls_hp',
  /** where the visitor came from (the page view's referrer) */
  referrer: 'ls_ref',
  /** the A/B test variant the visitor was shown (domain/ab-test.ts) */
  abVariant: 'ls_v',
  /** the language the visitor read the page in, on a page in several (page-languages.ts) */
  language: 'ls_lang',
  /** the address a typo suggestion was shown for: the visitor has seen it, it is not shown again (domain/email-typos.ts) */
  typoSeen: 'ls_typo',
  /** the suggested address, when the visitor accepts a typo suggestion without JavaScript */
  typoFix: 'ls_fix',
  /** set by the consent notice when the visitor accepts marketing: the notice's scope (domain/conversions.ts) */
  marketing: 'ls_mk',
  /** the id of the Lead event the browser pixel fired, which the server's conversion repeats */
  eventId: 'ls_eid',
  /** the ad platforms' browser ids (Meta's _fbp and _fbc, GA4's _ga, TikTok's _ttp), read at submit */
  fbp: 'ls_fbp',
  fbc: 'ls_fbc',
  gaClientId: 'ls_ga',
  ttp: 'ls_ttp',
  /** the separate, unticked opt-in to the page's follow-up emails (domain/follow-ups.ts) */
  followUps: 'ls_fu',
} as const;
const reservedNames: ReadonlySet<string> = new Set(Object.values(RESERVED_NAMES));

export const formFieldSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid field id')
    .refine((id) => !reservedNames.has(id), 'This field id is reserved'),
  type: z.enum(FIELD_TYPES),
  label: z.string().max(200),
  placeholder: z.string().max(200),
  required: z.boolean(),
  /** A dropdown's or radio group's choices, in order. Other types keep []. */
  options: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** A line under the field, for visitors. */
  helpText: z.string().max(300).default(''),
  /** A hidden field: the URL query parameter it is filled from (e.g. utm_source). */
  param: z.string().trim().max(64).default(''),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** Amounts are integers in the currency's minor units (cents; yen for JPY). */
export const paymentSchema = z.object({
  enabled: z.boolean(),
  type: z.enum(PAYMENT_TYPES),
  fixedAmount: z.number().int().min(0),
  currency: z.enum(CURRENCIES),
  pwywMinimum: z.number().int().min(0),
  pwywSuggested: z.number().int().min(0),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe Tax computes VAT / sales tax on the Checkout Session (Stripe only). */
  tax: z.boolean().default(false),
  /** Buyers may enter a promotion code (managed in Stripe) on Stripe's Checkout. */
  promotionCodes: z.boolean().default(false),
  /** How many downloads one purchase allows within `downloadDays` of its link being issued. */
  downloadLimit: z
    .number({ error: 'Enter how many downloads a purchase allows.' })
    .int('Enter a whole number of downloads.')
    .min(1, 'Allow at least 1 download.')
    .max(1000, 'Allow at most 1000 downloads.')
    .default(10),
  downloadDays: z
    .number({ error: 'Enter for how many days the download link works.' })
    .int('Enter a whole number of days.')
    .min(1, 'Let the link work for at least 1 day.')
    .max(3650, 'Let the link work for at most 3650 days (10 years).')
    .default(30),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The lead magnet stored on the server (see POST /api/files); pages saved before other kinds existed hold PDFs. */
export const leadMagnetFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string().min(1).max(255),
  size: z.number().int().min(1).max(LEAD_MAGNET_MAX_BYTES),
  kind: z.enum(FILE_KINDS).default('pdf'),
});
export type LeadMagnetFile = z.infer<typeof leadMagnetFileSchema>;

/** An uploaded raster image (logo, cover), re-encoded by the server; its intrinsic size keeps the page from shifting. */
export const imageRefSchema = z.object({
  id: z.string().uuid(),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

export const BACKGROUND_STYLES = ['tint', 'plain', 'gradient', 'dark'] as const;
export const FONT_CHOICES = ['sans', 'serif', 'rounded', 'mono'] as const;
export const IMAGE_LAYOUTS = ['none', 'top', 'left', 'right'] as const;
/** On a wide screen: the form under the hero with the sections after it, or beside them and kept in view. */
export const FORM_PLACEMENTS = ['below', 'beside'] as const;
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The page's look (the creator's Design tab). */
export const designSchema = z.object({
  brandColor: z.string().regex(HEX_COLOUR, 'Use a colour like #4338CA'),
  background: z.enum(BACKGROUND_STYLES),
  font: z.enum(FONT_CHOICES),
  logo: imageRefSchema.nullable(),
  cover: imageRefSchema.nullable(),
  /** What the cover shows, for people who cannot see it; '' marks it decorative. */
  coverAlt: z.string().trim().max(200),
  layout: z.enum(IMAGE_LAYOUTS),
  /** The submit button's words; '' keeps the automatic 'Get {lead magnet}'. */
  buttonText: z.string().trim().max(60),
  /** Pages saved before sections existed keep the form under the hero. */
  formPlacement: z.enum(FORM_PLACEMENTS).default('below'),
});
export type Design = z.infer<typeof designSchema>;

/**
 * Some keys of a design (variant B's changes): none has a default, so a key left out stays out and
 * B follows the page in it (a default here would give every B the page's default placement).
 */
export const designChangesSchema = designSchema.extend({ formPlacement: z.enum(FORM_PLACEMENTS) }).partial();

export const DEFAULT_DESIGN: Design = {
  brandColor: '#4338CA',
  background: 'tint',
  font: 'sans',
  logo: null,
  cover: null,
  coverAlt: '',
  layout: 'top',
  buttonText: '',
  formPlacement: 'below',
};

export const AFTER_SUBMIT = ['thankYou', 'redirect'] as const;

/**
 * How a page checks the addresses it is given (docs/decisions/0086): a likely typo in a common
 * domain gets a suggestion (never a refusal), a domain that cannot receive mail is refused, and,
 * only when the owner turns it on, a disposable address is refused.
 */
export const addressChecksSchema = z.object({
  typos: z.boolean().default(true),
  deliverable: z.boolean().default(true),
  disposable: z.boolean().default(false),
});
export type AddressChecks = z.infer<typeof addressChecksSchema>;
export const DEFAULT_ADDRESS_CHECKS: AddressChecks = { typos: true, deliverable: true, disposable: false };

/** The emails a visitor gets, in the owner's words ('' keeps Lodestone's wording). */
const emailWording = (key: EmailWordingKey, max: number) =>
  z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = placeholderProblem(key, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
/** Unknown placeholders and a Reply-To that is no address are refused (email-copy.ts). */
export const emailCopySchema = z.object({
  senderName: z.string().trim().max(EMAIL_COPY_LIMITS.senderName),
  replyTo: z
    .string()
    .trim()
    .max(EMAIL_COPY_LIMITS.replyTo)
    .refine((v) => v === '' || isEmailAddress(v), emailCopyMessages.replyTo),
  confirmSubject: emailWording('confirmSubject', EMAIL_COPY_LIMITS.subject),
  confirmText: emailWording('confirmText', EMAIL_COPY_LIMITS.text),
  deliverySubject: emailWording('deliverySubject', EMAIL_COPY_LIMITS.subject),
  deliveryText: emailWording('deliveryText', EMAIL_COPY_LIMITS.text),
});
export type EmailCopy = z.infer<typeof emailCopySchema>;
export const DEFAULT_EMAIL_COPY: EmailCopy = {
  senderName: '',
  replyTo: '',
  confirmSubject: '',
  confirmText: '',
  deliverySubject: '',
  deliveryText: '',
};

/**
 * A/B test (decisions 0051, 0061): variant B is the page with what the owner changed for it, shown
 * to `split` percent of visitors. Blank words and design keys left out are the page's own, so B
 * starts as a copy of A and keeps following A in everything the test is not about.
 */
export const abTestSchema = z.object({
  enabled: z.boolean(),
  split: z.number().int().min(1).max(99),
  title: z.string().max(200),
  description: z.string().max(5000),
  /** The design keys B shows differently from the page; a key left out is the page's. */
  designChanges: designChangesSchema.optional(),
  /**
   * How B's design was stored before 0061: all of it, Lodestone's defaults where the owner changed
   * nothing. Still read (ab-test.ts variantDesignChanges), no longer written by the creator.
   */
  design: designSchema.optional(),
  /** B's own sections (it starts as a copy of the page's); left out, B shows the page's. */
  sections: sectionsSchema.optional(),
});
export type AbTest = z.infer<typeof abTestSchema>;
export const DEFAULT_AB_TEST: AbTest = { enabled: false, split: 50, title: '', description: '', designChanges: {} };

/** Meta pixel ids are digits; Google ids are G- or GTM- then letters and digits: neither can carry markup. */
export const META_PIXEL_PATTERN = /^\d{5,20}$/;
export const GOOGLE_TAG_PATTERN = /^(G|GTM)-[A-Z0-9]{4,20}$/;
export const pixelMessages = {
  facebook: 'A Meta pixel ID is digits only',
  google: 'Use a Google ID like G-XXXXXXX or GTM-XXXXXXX',
} as const;

/** An owner's privacy policy address: the web only (no javascript:, mailto: or data: links on a visitor's page). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const formConfigSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(5000),
  businessName: z.string().max(200),
  leadMagnet: leadMagnetFileSchema.nullable(),
  leadMagnetName: z.string().max(200),
  fields: z.array(formFieldSchema).min(1).max(MAX_FIELDS),
  doubleOptIn: z.boolean(),
  privacyPolicy: z.boolean(),
  /** Linked from the consent checkbox; required to publish while privacyPolicy is on. '' in configs saved before it existed. */
  privacyPolicyUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isWebAddress(v), formMessages.privacyPolicyUrlInvalid)
    .default(''),
  thankyouMessage: z.string().max(1000),
  pixelFacebook: z
    .string()
    .trim()
    .refine((v) => v === '' || META_PIXEL_PATTERN.test(v), pixelMessages.facebook),
  pixelGoogle: z
    .string()
    .trim()
    .refine((v) => v === '' || GOOGLE_TAG_PATTERN.test(v), pixelMessages.google),
  customScript: z.string().max(20_000),
  payment: paymentSchema,
  /**
   * The "Made with Lodestone" link under the published page (branding.ts). Only Pro and Business may
   * switch it off, and only their pages go without it; configs saved before it existed have none (on).
   */
  showBranding: z.boolean().default(true),
  design: designSchema.default(DEFAULT_DESIGN),
  /** The thank-you page's heading (the message is thankyouMessage). */
  thankyouHeading: z.string().trim().max(200).default(''),
  /** After a confirmed sign-up: Lodestone's thank-you page, or the owner's https address. */
  afterSubmit: z.enum(AFTER_SUBMIT).default('thankYou'),
  redirectUrl: z.string().trim().max(2000).default(''),
  emails: emailCopySchema.default(DEFAULT_EMAIL_COPY),
  /** Sites (origins) that may show the page in a frame; no one else may (CSP frame-ancestors). */
  embedOrigins: z.array(z.string().trim().max(200)).max(20).default([]),
  abTest: abTestSchema.default(DEFAULT_AB_TEST),
  /** What sells the lead magnet around the form (sections.ts); pages saved before sections have none. */
  sections: sectionsSchema.default([]),
  /** The language of every fixed word its visitors read (docs/decisions/0085); English for pages saved before. */
  language: z.enum(LANGUAGE_CODES).default(DEFAULT_LANGUAGE),
  /** The other languages the page speaks (page-languages.ts): none for a page in one language. */
  languages: pageLanguagesSchema.default([]),
  /** The owner's own texts in each of those languages; an empty one is the main language's. */
  translations: pageTranslationsSchema.default({}),
  /** The owner's own wording of Lodestone's fixed sentences, per language (word-overrides.ts). */
  wordOverrides: wordOverridesSchema.default({}),
  /** What the page checks of a visitor's address before storing it. */
  addressChecks: addressChecksSchema.default(DEFAULT_ADDRESS_CHECKS),
  /** The captcha the form asks for, with the workspace's keys for that provider (domain/captcha.ts). */
  captcha: z.enum(CAPTCHA_CHOICES).default('off'),
  /** The emails after the delivery, for leads who opted in (domain/follow-ups.ts); none on pages saved before. */
  followUps: followUpsSchema.default(DEFAULT_FOLLOW_UPS),
});
export type FormConfig = z.infer<typeof formConfigSchema>;

export const DEFAULT_EMAIL_FIELD: FormField = {
  id: EMAIL_FIELD_ID,
  type: 'email',
  label: 'Email Address',
  placeholder: 'Enter your email',
  required: true,
  options: [],
  helpText: '',
  param: '',
};

export const DEFAULT_PAYMENT: Payment = {
  enabled: false,
  type: 'fixed',
  fixedAmount: toMinorUnits(9.99, 'USD'),
  currency: 'USD',
  pwywMinimum: toMinorUnits(1, 'USD'),
  pwywSuggested: toMinorUnits(9.99, 'USD'),
  provider: 'stripe',
  tax: false,
  promotionCodes: false,
  downloadLimit: 10,
  downloadDays: 30,
};

export function defaultFormConfig(): FormConfig {
  return {
    title: '',
    description: '',
    businessName: '',
    leadMagnet: null,
    leadMagnetName: '',
    fields: [{ ...DEFAULT_EMAIL_FIELD }],
    doubleOptIn: true,
    privacyPolicy: true,
    privacyPolicyUrl: '',
    thankyouMessage: DEFAULT_THANK_YOU_MESSAGE,
    pixelFacebook: '',
    pixelGoogle: '',
    customScript: '',
    payment: { ...DEFAULT_PAYMENT },
    showBranding: true,
    design: { ...DEFAULT_DESIGN },
    thankyouHeading: '',
    afterSubmit: 'thankYou',
    redirectUrl: '',
    emails: { ...DEFAULT_EMAIL_COPY },
    embedOrigins: [],
    abTest: { ...DEFAULT_AB_TEST, designChanges: {} },
    sections: [],
    language: DEFAULT_LANGUAGE,
    languages: [],
    translations: {},
    wordOverrides: {},
    addressChecks: { ...DEFAULT_ADDRESS_CHECKS },
    captcha: 'off',
    followUps: { ...DEFAULT_FOLLOW_UPS, steps: [] },
  };
}

/** docs/product.md#fields: the placeholder a new field starts with in the editor. */
export const NEW_FIELD_PLACEHOLDER = 'Enter value';

/** docs/product.md#fields: a new field is 'field-{timestamp}', text, 'New Field', 'Enter value', not required. */
export function newField(now: number = Date.now()): FormField {
  return {
    id: `field-${now}`,
    type: 'text',
    label: 'New Field',
    placeholder: NEW_FIELD_PLACEHOLDER,
    required: false,
    options: [],
    helpText: '',
    param: '',
  };
}

/**
 * The placeholder a visitor sees: the owner's own words, never the editor's generic default
 * ('Enter value' tells a visitor nothing), so a field the owner left at the default shows none.
 */
export function visitorPlaceholder(field: Pick<FormField, 'placeholder'>): string | undefined {
  const text = field.placeholder.trim();
  return text === '' || text === NEW_FIELD_PLACEHOLDER ? undefined : field.placeholder;
}

export { formMessages };

/** Where each validation error shows: a config key, or `fields.{index}.label` (`.options`, `.param`). */
export type FormErrors = Partial<
  Record<
    | 'title'
    | 'businessName'
    | 'leadMagnet'
    | 'leadMagnetName'
    | 'privacyPolicyUrl'
    | 'redirectUrl'
    | 'embedOrigins'
    | `fields.${number}.label`
    | `fields.${number}.options`
    | `fields.${number}.param`
    | `sections.${number}.${string}`
    | `abTest.sections.${number}.${string}`,
    string
  >
>;

/** A hidden field's URL query parameter (utm_source, ref, gclid, …). */
export const FIELD_PARAM_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Dropdowns and radio groups: the visitor picks one of the field's options. */
export const isChoiceField = (field: Pick<FormField, 'type'>): boolean => field.type === 'dropdown' || field.type === 'radio';

/** What keeps one field from being published, beyond its label: its options, or its URL parameter. */
export function fieldSetupErrors(field: Pick<FormField, 'type' | 'options' | 'param'>): { options?: string; param?: string } {
  if (isChoiceField(field)) {
    const options = (field.options ?? []).map((o) => o.trim());
    if (options.length === 0) return { options: formMessages.fieldOptionsRequired };
    if (options.includes('')) return { options: formMessages.fieldOptionEmpty };
    const seen = new Set(options.map((o) => o.toLowerCase()));
    if (seen.size !== options.length) return { options: formMessages.fieldOptionsDuplicate };
  }
  if (field.type === 'hidden') {
    const param = (field.param ?? '').trim();
    if (param === '') return { param: formMessages.fieldParamRequired };
    if (!FIELD_PARAM_PATTERN.test(param)) return { param: formMessages.fieldParamInvalid };
  }
  return {};
}

/**
 * The rules of docs/product.md#validation checked on Preview and on Save & Publish. `hasFile` is true when a PDF is
 * chosen (in the browser it may not be uploaded yet).
 */
export function validateForPublish(config: FormConfig, hasFile = config.leadMagnet !== null): FormErrors {
  const errors: FormErrors = {};
  if (!config.title.trim()) errors.title = formMessages.titleRequired;
  if (!config.businessName.trim()) errors.businessName = formMessages.businessNameRequired;
  if (!hasFile) errors.leadMagnet = formMessages.leadMagnetRequired;
  if (!config.leadMagnetName.trim()) errors.leadMagnetName = formMessages.leadMagnetNameRequired;
  config.fields.forEach((field, i) => {
    if (!field.label.trim()) errors[`fields.${i}.label`] = formMessages.fieldLabelRequired;
    const setup = fieldSetupErrors(field);
    if (setup.options) errors[`fields.${i}.options`] = setup.options;
    if (setup.param) errors[`fields.${i}.param`] = setup.param;
  });
  const privacyPolicyUrl = privacyPolicyUrlError(config);
  if (privacyPolicyUrl) errors.privacyPolicyUrl = privacyPolicyUrl;
  const redirectUrl = redirectUrlError(config);
  if (redirectUrl) errors.redirectUrl = redirectUrl;
  const embedOrigins = embedOriginsError(config.embedOrigins);
  if (embedOrigins) errors.embedOrigins = embedOrigins;
  Object.assign(errors, sectionPublishErrors(config.sections), sectionPublishErrors(config.abTest?.sections, 'abTest.sections'));
  Object.assign(errors, followUpErrors(config.followUps));
  return errors;
}

/**
 * The consent checkbox must point at the owner's policy: an http(s) address is required while the
 * checkbox is on. Configs saved before the setting existed have no `privacyPolicyUrl` at all.
 */
export function privacyPolicyUrlError(config: Pick<FormConfig, 'privacyPolicy' | 'privacyPolicyUrl'>): string | undefined {
  const url = (config.privacyPolicyUrl ?? '').trim();
  if (url !== '' && !isWebAddress(url)) return formMessages.privacyPolicyUrlInvalid;
  if (config.privacyPolicy && url === '') return formMessages.privacyPolicyUrlRequired;
  return undefined;
}

/** The address the consent checkbox links to, when there is a usable one. */
export function privacyPolicyLink(config: Pick<FormConfig, 'privacyPolicyUrl'>): string | undefined {
  const url = (config.privacyPolicyUrl ?? '').trim();
  return url !== '' && isWebAddress(url) ? url : undefined;
}

/** The email field is always there, first-class and locked (docs/product.md#fields). */
export function hasLockedEmailField(config: FormConfig): boolean {
  const email = config.fields.find((f) => f.id === EMAIL_FIELD_ID);
  return email !== undefined && email.type === 'email' && email.required;
}

/**
 * docs/product.md#payment: pressing the Stripe or PayPal button. From none it selects the pressed one, from the
 * other one it selects both, from both it leaves the other one. Pressing the only selected provider
 * keeps it: a paid page always has a way to pay.
 */
export function toggleProvider(current: PaymentProvider | null, pressed: 'stripe' | 'paypal'): PaymentProvider {
  const other = pressed === 'stripe' ? 'paypal' : 'stripe';
  if (current === 'both') return other;
  if (current === other) return 'both';
  return pressed;
}

/** docs/product.md#validation: a blank or invalid amount becomes 0. Returns minor units. */
export function parseAmountInput(raw: string, currency: Payment['currency']): number {
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value) || value < 0) return 0;
  return toMinorUnits(value, currency);
}
