import { describe, expect, it } from 'vitest';
import { conversionRate } from './conversion';

describe('conversionRate', () => {
  it('is leads per view in percent, rounded to one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(8, 100)).toBe(8);
    expect(conversionRate(1, 8)).toBe(12.5);
    expect(conversionRate(1, 2000)).toBe(0.1);
    expect(conversionRate(1, 2001)).toBe(0);
    expect(conversionRate(5, 5)).toBe(100);
  });

  it('is 0 without views', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 0)).toBe(0);
  });
});
