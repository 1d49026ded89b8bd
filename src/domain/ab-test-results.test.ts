import { describe, expect, it } from 'vitest';
import { abTestVerdict, normalCdf, twoProportionTest, viewsPerVariantFor } from './ab-test-results';

// Reference values: the normal distribution's tables, and the z-test worked by hand (Python's
// math.erfc gives the same to 7 places): pooled p, SE = sqrt(p(1-p)(1/n1+1/n2)), z = (p2-p1)/SE.
describe('the statistics of an A/B test', () => {
  it('has the standard normal CDF to 7 places', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(2.5758)).toBeCloseTo(0.9949996, 6);
    expect(normalCdf(-0.5)).toBeCloseTo(0.3085375, 6);
    expect(normalCdf(3.2905)).toBeCloseTo(0.99949995, 6);
  });

  it('runs a pooled two-proportion z-test with a two-sided confidence', () => {
    const big = twoProportionTest({ views: 1000, leads: 200 }, { views: 1000, leads: 250 })!;
    expect(big.z).toBeCloseTo(2.677398, 5);
    expect(big.confidence).toBeCloseTo(0.99258, 4);
    const close = twoProportionTest({ views: 1000, leads: 42 }, { views: 1000, leads: 61 })!;
    expect(close.z).toBeCloseTo(1.922279, 5);
    expect(close.confidence).toBeCloseTo(0.945429, 4);
    const small = twoProportionTest({ views: 100, leads: 10 }, { views: 100, leads: 12 })!;
    expect(small.z).toBeCloseTo(0.451985, 5);
    expect(small.confidence).toBeCloseTo(0.34872, 4);
    // A better than B: z is negative, the confidence the same as the other way round.
    const reversed = twoProportionTest({ views: 4000, leads: 380 }, { views: 4000, leads: 320 })!;
    expect(reversed.z).toBeCloseTo(-2.374028, 5);
    expect(reversed.confidence).toBeCloseTo(0.982405, 4);
    const same = twoProportionTest({ views: 1000, leads: 50 }, { views: 1000, leads: 50 })!;
    expect(same.z).toBe(0);
    expect(same.confidence).toBeCloseTo(0, 6);
    // Nothing to test: no views, or no sign-ups at all.
    expect(twoProportionTest({ views: 0, leads: 0 }, { views: 10, leads: 1 })).toBeNull();
    expect(twoProportionTest({ views: 500, leads: 0 }, { views: 500, leads: 0 })).toBeNull();
  });

  it('sizes a test for 95% confidence and 80% power', () => {
    // 10% against 12%: the textbook 3,841 per variant.
    expect(viewsPerVariantFor(0.1, 0.12)).toBe(3841);
    expect(viewsPerVariantFor(0.2, 0.25)).toBe(1094);
    expect(viewsPerVariantFor(0.05, 0.05)).toBe(Infinity);
  });
});

describe('the verdict in plain words', () => {
  it('names the winner with its rates and the confidence, floored', () => {
    const { confidence, verdict } = abTestVerdict({ views: 4000, leads: 168 }, { views: 4000, leads: 244 });
    // 4.2% against 6.1%: z ≈ 3.82, 99.99% — shown as 99%, never 100%.
    expect(confidence).toBe(99);
    expect(verdict).toEqual({
      kind: 'winner',
      winner: 'b',
      viewsNeeded: null,
      text: 'Variant B converts better (6.1% vs 4.2%) — 99% confidence: you can pick B.',
    });
    const a = abTestVerdict({ views: 4000, leads: 380 }, { views: 4000, leads: 320 });
    expect(a.confidence).toBe(98);
    expect(a.verdict.text).toBe('Variant A converts better (9.5% vs 8.0%) — 98% confidence: you can pick A.');
  });

  it('asks for more views while a variant has few, with an estimate of how many', () => {
    const early = abTestVerdict({ views: 40, leads: 2 }, { views: 38, leads: 3 });
    expect(early.verdict.kind).toBe('needsData');
    expect(early.verdict.viewsNeeded).toBeGreaterThan(62);
    expect(early.verdict.text).toMatch(
      /^Not enough data yet: keep the test running \(each variant needs about [\d,]+ more views\)\.$/,
    );
    // 4.2% against 6.1% at 1,000 views each is 94.5%: about 2,123 each would tell them apart.
    const close = abTestVerdict({ views: 1000, leads: 42 }, { views: 1000, leads: 61 });
    expect(close.confidence).toBe(94);
    expect(close.verdict).toMatchObject({ kind: 'needsData', viewsNeeded: 1200 });
    expect(close.verdict.text).toBe('Not enough data yet: keep the test running (each variant needs about 1,200 more views).');
    // The minimum, when nothing tells more yet.
    expect(abTestVerdict({ views: 0, leads: 0 }, { views: 0, leads: 0 }).verdict).toMatchObject({
      kind: 'needsData',
      viewsNeeded: 100,
    });
    expect(abTestVerdict({ views: 300, leads: 0 }, { views: 280, leads: 0 }).verdict).toEqual({
      kind: 'needsData',
      winner: null,
      viewsNeeded: null,
      text: 'Not enough data yet: keep the test running (neither variant has a sign-up yet).',
    });
  });

  it('says when there is no clear winner: the rates are too close to be worth waiting for', () => {
    const { verdict, confidence } = abTestVerdict({ views: 5000, leads: 250 }, { views: 5000, leads: 255 });
    expect(confidence).toBeLessThan(95);
    expect(verdict).toEqual({
      kind: 'noWinner',
      winner: null,
      viewsNeeded: null,
      text: 'No clear winner so far: A and B convert about the same (5.0% vs 5.1%).',
    });
  });

  it('names no winner from a lucky start, however confident the test', () => {
    const lucky = abTestVerdict({ views: 60, leads: 0 }, { views: 60, leads: 9 });
    expect(lucky.confidence).toBeGreaterThanOrEqual(95);
    expect(lucky.verdict.kind).toBe('needsData');
  });
});
