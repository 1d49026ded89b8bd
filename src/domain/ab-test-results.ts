import { type AbVariant, variantName } from './ab-variants';
import { conversionRate } from './conversion';
import { formatCountUs } from '@/domain/us-english';

/**
 * The results of a page's A/B test (GET /api/forms/:id/ab-test) and the statistics behind its
 * verdict: a two-sided, pooled two-proportion z-test of the variants' conversion rates (leads per
 * view), decision 0051.
 */

export interface AbVariantResult {
  variant: AbVariant;
  views: number;
  leads: number;
  /** Leads per view, in percent with one decimal (as the page's own conversion rate). */
  conversionRate: number;
}

export type AbVerdictKind = 'winner' | 'needsData' | 'noWinner';

export interface AbVerdict {
  kind: AbVerdictKind;
  /** The variant that converts better, when the verdict is 'winner'. */
  winner: AbVariant | null;
  /** 'needsData': about how many more views each variant needs (null: cannot tell yet, nobody signed up). */
  viewsNeeded: number | null;
  /** The verdict in plain words. */
  text: string;
}

export interface AbTestResults {
  /** The published page runs the test now (results stay readable after it is switched off). */
  running: boolean;
  /** When the test whose figures these are started; null when the page never ran one. */
  startedAt: string | null;
  /** Percent of visitors shown variant B. */
  split: number;
  variants: [AbVariantResult, AbVariantResult];
  /** Confidence, in whole percent (floored, at most 99), that the variants really differ; null without views. */
  confidence: number | null;
  verdict: AbVerdict;
}

/** A winner is named at this confidence (two-sided, i.e. 97.5% one-sided that the better one is better). */
export const CONFIDENCE_NEEDED = 0.95;
/** Below this many views per variant, or sign-ups in all, no verdict: the normal approximation is poor. */
export const MIN_VIEWS_PER_VARIANT = 100;
export const MIN_LEADS_IN_ALL = 10;
/** Past this many views per variant to tell the observed rates apart, the difference is too small to wait for. */
export const MAX_VIEWS_WORTH_WAITING_FOR = 100_000;

const Z_95_TWO_SIDED = 1.959963984540054;
const Z_80_POWER = 0.8416212335729143;

/** The complementary error function (Numerical Recipes' erfcc; fractional error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The standard normal distribution's cumulative probability. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

export interface Counts {
  views: number;
  leads: number;
}

const rate = (c: Counts) => (c.views > 0 ? c.leads / c.views : 0);

/**
 * Two-proportion z-test, pooled: z of B's rate over A's, and the two-sided confidence (1 − p) that
 * they differ. null when a variant has no views or nobody (or everybody) converted in either.
 */
export function twoProportionTest(a: Counts, b: Counts): { z: number; confidence: number } | null {
  if (a.views <= 0 || b.views <= 0) return null;
  const pooled = (a.leads + b.leads) / (a.views + b.views);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.views + 1 / b.views));
  if (!(se > 0)) return null;
  const z = (rate(b) - rate(a)) / se;
  return { z, confidence: Math.max(0, 2 * normalCdf(Math.abs(z)) - 1) };
}

/**
 * Views each variant needs for a difference as large as between `pa` and `pb` to show at 95%
 * confidence (two-sided) with 80% power; Infinity when the rates are equal.
 */
export function viewsPerVariantFor(pa: number, pb: number): number {
  const diff = Math.abs(pa - pb);
  if (diff === 0) return Infinity;
  const mean = (pa + pb) / 2;
  const n =
    (Z_95_TWO_SIDED * Math.sqrt(2 * mean * (1 - mean)) + Z_80_POWER * Math.sqrt(pa * (1 - pa) + pb * (1 - pb))) ** 2 / diff ** 2;
  return Math.ceil(n);
}

/** "about 1,300": two significant figures, rounded up, so the estimate does not look more exact than it is. */
function roughly(n: number): number {
  if (n < 100) return Math.ceil(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / unit) * unit;
}

const pct = (n: number) => `${n.toFixed(1)}%`;

/** The figures and the verdict of a test from each variant's views and leads. */
export function abTestVerdict(a: Counts, b: Counts): { confidence: number | null; verdict: AbVerdict } {
  const test = twoProportionTest(a, b);
  const confidence = test ? Math.min(99, Math.floor(test.confidence * 100)) : null;
  const fewest = Math.min(a.views, b.views);
  const leads = a.leads + b.leads;
  const ra = rate(a);
  const rb = rate(b);
  const enough = fewest >= MIN_VIEWS_PER_VARIANT && leads >= MIN_LEADS_IN_ALL;

  if (enough && test && test.confidence >= CONFIDENCE_NEEDED && ra !== rb) {
    const winner: AbVariant = rb > ra ? 'b' : 'a';
    const [best, other] = winner === 'b' ? [b, a] : [a, b];
    const name = variantName(winner);
    return {
      confidence,
      verdict: {
        kind: 'winner',
        winner,
        viewsNeeded: null,
        text: `Variant ${name} converts better (${pct(conversionRate(best.leads, best.views))} vs ${pct(conversionRate(other.leads, other.views))}) — ${confidence}% confidence: you can pick ${name}.`,
      },
    };
  }

  // Views per variant for a verdict: the minimums, and enough to tell the rates seen so far apart.
  const pooled = a.views + b.views > 0 ? leads / (a.views + b.views) : 0;
  const forLeads = pooled > 0 ? Math.ceil(MIN_LEADS_IN_ALL / (2 * pooled)) : null;
  const forDifference = viewsPerVariantFor(ra, rb);
  const worthIt = forDifference <= MAX_VIEWS_WORTH_WAITING_FOR;
  const target = Math.max(MIN_VIEWS_PER_VARIANT, forLeads ?? 0, worthIt ? forDifference : 0);
  const more = target - fewest;

  // Nobody signed up on either after the minimum views: how many more it takes cannot be told yet.
  if (forLeads === null && fewest >= MIN_VIEWS_PER_VARIANT) {
    return {
      confidence,
      verdict: {
        kind: 'needsData',
        winner: null,
        viewsNeeded: null,
        text: 'Not enough data yet: keep the test running (neither variant has a sign-up yet).',
      },
    };
  }
  if (fewest < MIN_VIEWS_PER_VARIANT || (more > 0 && (worthIt || !enough))) {
    const needed = roughly(Math.max(more, 1));
    return {
      confidence,
      verdict: {
        kind: 'needsData',
        winner: null,
        viewsNeeded: needed,
        text: `Not enough data yet: keep the test running (each variant needs about ${formatCountUs(needed)} more ${needed === 1 ? 'view' : 'views'}).`,
      },
    };
  }

  return {
    confidence,
    verdict: {
      kind: 'noWinner',
      winner: null,
      viewsNeeded: null,
      text: `No clear winner so far: A and B convert about the same (${pct(conversionRate(a.leads, a.views))} vs ${pct(conversionRate(b.leads, b.views))}).`,
    },
  };
}
