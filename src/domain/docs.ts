/**
 * The documentation's articles and tutorials by slug. Their text is Markdown in src/web/content
 * (one file per slug, title and description in its front matter); this list is what the route
 * table accepts under /docs/ and /tutorials/, so the server answers 404 for anything else.
 */
export const DOC_SLUGS = [
  // Getting started
  'introduction',
  'quick-start',
  'key-concepts',
  'getting-started',
  'troubleshooting',
  // Core features
  'form-builder',
  'form-settings',
  'analytics',
  'user-management',
  'api-reference',
  'file-delivery',
  // Forms & templates
  'templates',
  'double-opt-in',
  'publishing',
  'custom-domains',
  // Account & billing
  'account',
  'plans-and-billing',
  'usage-limits',
  'payments',
  'refunds',
  // Integrations & API
  'tracking-pixels',
  'webhooks',
  'integrations',
  'email-delivery',
  // Compliance & security
  'gdpr',
  'ccpa',
  'pdpa',
  'security',
  'data-requests',
] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

/** docs/product.md#documentation: the three tutorials and their stated durations. */
export const TUTORIALS = [
  { slug: 'getting-started', title: 'Getting Started with Lodestone', duration: '5:24' },
  { slug: 'first-form', title: 'Building Your First Form', duration: '7:15' },
  { slug: 'advanced-customization', title: 'Advanced Customization', duration: '9:48' },
] as const;
export type TutorialSlug = (typeof TUTORIALS)[number]['slug'];

export const TUTORIAL_SLUGS: readonly TutorialSlug[] = TUTORIALS.map((t) => t.slug);

export const docPath = (slug: DocSlug) => `/docs/${slug}`;
export const tutorialPath = (slug: TutorialSlug) => `/tutorials/${slug}`;

export const isDocSlug = (slug: string | undefined): slug is DocSlug => (DOC_SLUGS as readonly string[]).includes(slug ?? '');
export const isTutorialSlug = (slug: string | undefined): slug is TutorialSlug =>
  (TUTORIAL_SLUGS as readonly string[]).includes(slug ?? '');
