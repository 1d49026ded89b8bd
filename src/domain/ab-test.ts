import { RESERVED_NAMES, type FormConfig } from './form-config';

/**
 * A/B tests of a published page (decision 0051): variant A is the page itself, variant B shows the
 * test's own title, description and design; `abTest.split` percent of visitors see B.
 */

export const AB_VARIANTS = ['a', 'b'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];
export const isAbVariant = (value: unknown): value is AbVariant => value === 'a' || value === 'b';
export const variantName = (variant: AbVariant) => (variant === 'a' ? 'A' : 'B');

/** The hidden input that carries the variant a visitor saw with the form's post (reserved in form-config). */
export const AB_VARIANT_INPUT = RESERVED_NAMES.abVariant;

/**
 * Whether a published config runs a test. Configs published before tests existed have no `abTest`
 * (published JSON is stored as it was), so it is read defensively.
 */
export const abTestOn = (config: FormConfig): boolean => config.abTest?.enabled === true;

/** The page a visitor of `variant` sees. B's title and description, left blank, keep the page's own. */
export function variantConfig(config: FormConfig, variant: AbVariant): FormConfig {
  const test = config.abTest;
  if (variant === 'a' || !test) return config;
  return {
    ...config,
    title: test.title.trim() ? test.title : config.title,
    description: test.description.trim() ? test.description : config.description,
    design: test.design,
  };
}

/** What the test compares: the split and what each variant shows differently. */
function compared(config: FormConfig) {
  const test = config.abTest;
  const b = variantConfig(config, 'b');
  return {
    split: test?.split,
    a: [config.title, config.description, config.design ?? null],
    b: [b.title, b.description, b.design ?? null],
  };
}

/**
 * Whether publishing `after` over `before` (null: never published) starts the test (again), so its
 * results count from then: switching it on, changing the split, or changing what either variant
 * shows differently (title, description, design). Other changes (fields, settings) reach both
 * variants alike and keep the test running.
 */
export function abTestStarts(before: FormConfig | null, after: FormConfig): boolean {
  if (!abTestOn(after)) return false;
  if (!before || !abTestOn(before)) return true;
  return stableJson(compared(before)) !== stableJson(compared(after));
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep the order they were written in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Shown in the creator: what makes the results start from zero. */
export const AB_RESTART_NOTICE =
  'Publishing a change to the split or to what either variant shows (title, description, design) starts the test again: its results count from then.';
