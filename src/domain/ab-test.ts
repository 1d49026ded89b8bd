import type { AbVariant } from './ab-variants';
import { DEFAULT_DESIGN, RESERVED_NAMES, type AbTest, type Design, type FormConfig } from './form-config';

/**
 * A/B tests of a published page (decision 0051): variant A is the page itself, variant B shows the
 * test's own title, description and design; `abTest.split` percent of visitors see B.
 */

/** The hidden input that carries the variant a visitor saw with the form's post (reserved in form-config). */
export const AB_VARIANT_INPUT = RESERVED_NAMES.abVariant;

/**
 * Whether a published config runs a test. Configs published before tests existed have no `abTest`
 * (published JSON is stored as it was), so it is read defensively.
 */
export const abTestOn = (config: FormConfig): boolean => config.abTest?.enabled === true;

const DESIGN_KEYS = Object.keys(DEFAULT_DESIGN) as (keyof Design)[];

/** Same value: images are compared by what they are, not by which object holds them. */
const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The keys of `design` that differ from `from`, and only those. */
function differences(from: Design, design: Partial<Design>): Partial<Design> {
  const changes: Partial<Design> = {};
  for (const key of DESIGN_KEYS) {
    if (key in design && design[key] !== undefined && !sameValue(design[key], from[key]))
      Object.assign(changes, { [key]: design[key] });
  }
  return changes;
}

/**
 * What variant B shows differently from the page's design (decision 0061). A test saved before then
 * stored all of B's design, Lodestone's defaults included wherever the owner changed nothing: there,
 * only the keys that differ from those defaults are read as B's, so B shows the page's brand colour,
 * font, logo, cover and button words unless the owner chose others for it.
 */
export function variantDesignChanges(test: Partial<Pick<AbTest, 'design' | 'designChanges'>> | undefined): Partial<Design> {
  if (!test) return {};
  const legacy = test.design ? differences(DEFAULT_DESIGN, test.design) : {};
  return { ...legacy, ...(test.designChanges ?? {}) };
}

/** Variant B's whole design: the page's, with B's changes over it. */
export function variantDesign(config: FormConfig): Design {
  return { ...(config.design ?? DEFAULT_DESIGN), ...variantDesignChanges(config.abTest) };
}

/**
 * B's test after the owner set B's design to `design`: only what differs from the page's is kept,
 * and the whole design of before 0061 is dropped, so B follows the page in everything else.
 */
export function withVariantDesign(test: AbTest, page: Design, design: Design): AbTest {
  const { design: _legacy, ...rest } = test;
  return { ...rest, designChanges: differences(page, design) };
}

/**
 * The page a visitor of `variant` sees. B's blank title and description, the design it did not
 * change, and its sections unless it has its own, are the page's.
 */
export function variantConfig(config: FormConfig, variant: AbVariant): FormConfig {
  const test = config.abTest;
  if (variant === 'a' || !test) return config;
  return {
    ...config,
    title: test.title.trim() ? test.title : config.title,
    description: test.description.trim() ? test.description : config.description,
    design: variantDesign(config),
    sections: test.sections ?? config.sections ?? [],
  };
}

/** What the test compares: the split and what each variant shows differently. */
function compared(config: FormConfig) {
  const test = config.abTest;
  const b = variantConfig(config, 'b');
  return {
    split: test?.split,
    a: [config.title, config.description, config.design ?? null, config.sections ?? []],
    b: [b.title, b.description, b.design ?? null, b.sections ?? []],
  };
}

/**
 * Whether publishing `after` over `before` (null: never published) starts the test (again), so its
 * results count from then: switching it on, changing the split, or changing what either variant
 * shows differently (title, description, design, sections). Other changes (fields, settings) reach both
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
  'Publishing a change to the split or to what either variant shows (title, description, design, sections) starts the test again: its results count from then.';
