import { describe, expect, it } from 'vitest';
import {
  AA_TEXT,
  contrastRatio,
  formatRatio,
  legibleOn,
  mix,
  NEAR_BLACK,
  parseHex,
  readableTextOn,
  relativeLuminance,
  toHex,
  WHITE,
} from './contrast';

/** Every colour of the 4096-colour web palette (#000, #001, … #fff), written #RRGGBB. */
function paletteColours(): string[] {
  const digits = '0123456789abcdef';
  const colours: string[] = [];
  for (const r of digits) for (const g of digits) for (const b of digits) colours.push(`#${r}${r}${g}${g}${b}${b}`);
  return colours;
}

/** A repeatable spread of other colours (a linear congruential sequence, no Math.random). */
function spreadColours(count: number, seed = 7): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % 256;
  };
  return Array.from({ length: count }, () => toHex([next(), next(), next()]));
}

const manyColours = () => [...paletteColours(), ...spreadColours(4000)];

describe('relative luminance and contrast ratio (WCAG 2.x)', () => {
  it('match the definitions at the ends and at known values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The usual reference points: #767676 is the lightest grey that passes AA on white, #777777 fails.
    expect(contrastRatio('#767676', WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', WHITE)).toBeLessThan(4.5);
    expect(contrastRatio('#4338ca', WHITE)).toBeCloseTo(7.86, 1);
    // Symmetric.
    expect(contrastRatio('#123456', '#abcdef')).toBe(contrastRatio('#abcdef', '#123456'));
  });

  it('read and write #RRGGBB in either case, and refuse anything else', () => {
    expect(parseHex('#4338CA')).toEqual([0x43, 0x38, 0xca]);
    expect(toHex([0x43, 0x38, 0xca])).toBe('#4338ca');
    expect(() => parseHex('4338ca')).toThrow();
    expect(() => parseHex('#43c')).toThrow();
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#4338ca', '#ffffff', 0)).toBe('#4338ca');
  });

  it('are shown rounded down, so a failing ratio never reads as 4.5:1', () => {
    expect(formatRatio(4.499)).toBe('4.4:1');
    expect(formatRatio(4.5)).toBe('4.5:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });
});

describe('readableTextOn', () => {
  it('picks white on dark colours and near-black on light ones', () => {
    expect(readableTextOn('#4338ca')).toBe(WHITE);
    expect(readableTextOn('#000000')).toBe(WHITE);
    expect(readableTextOn('#facc15')).toBe(NEAR_BLACK);
    expect(readableTextOn('#ffffff')).toBe(NEAR_BLACK);
  });

  it('always reaches 4.5:1, over the whole web palette and thousands more colours', () => {
    const colours = manyColours();
    expect(colours.length).toBeGreaterThan(8000);
    let worst = 21;
    for (const colour of colours) {
      const ratio = contrastRatio(readableTextOn(colour), colour);
      worst = Math.min(worst, ratio);
      if (ratio < AA_TEXT) throw new Error(`${colour}: ${ratio}`);
    }
    // The worst case sits at the mid-tone where white and near-black tie.
    expect(worst).toBeGreaterThanOrEqual(4.5);
    expect(worst).toBeLessThan(4.7);
  });

  it('is the one with the higher contrast', () => {
    for (const colour of spreadColours(500, 11)) {
      const other = readableTextOn(colour) === WHITE ? NEAR_BLACK : WHITE;
      expect(contrastRatio(readableTextOn(colour), colour)).toBeGreaterThanOrEqual(contrastRatio(other, colour));
    }
  });
});

describe('legibleOn', () => {
  it('keeps a colour that is legible already', () => {
    expect(legibleOn('#4338CA', WHITE)).toEqual({ colour: '#4338ca', ratio: contrastRatio('#4338ca', WHITE), adjusted: false });
  });

  it('darkens a light colour on a light background, by as little as it takes', () => {
    const result = legibleOn('#facc15', WHITE);
    expect(result.adjusted).toBe(true);
    expect(result.ratio).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(result.colour)).toBeLessThan(relativeLuminance('#facc15'));
    // One step (1%) less would not do.
    expect(result.ratio).toBeLessThan(5);
  });

  it('lightens on a dark background', () => {
    const result = legibleOn('#4338ca', ['#0b1120', '#1b1d45']);
    expect(result.adjusted).toBe(true);
    expect(relativeLuminance(result.colour)).toBeGreaterThan(relativeLuminance('#4338ca'));
    expect(Math.min(contrastRatio(result.colour, '#0b1120'), contrastRatio(result.colour, '#1b1d45'))).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('reaches the ratio on every background of a set, for any colour, light or dark', () => {
    const sets = [[WHITE], ['#f9fafb', '#eef2ff'], ['#0b1120'], ['#0b1120', '#2a2140'], ['#fef9c3', WHITE]];
    for (const backgrounds of sets) {
      for (const colour of manyColours().filter((_, i) => i % 3 === 0)) {
        const { colour: used, ratio } = legibleOn(colour, backgrounds);
        for (const background of backgrounds) {
          const real = contrastRatio(used, background);
          if (real < 4.5) throw new Error(`${colour} -> ${used} on ${background}: ${real}`);
        }
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('takes another minimum, e.g. 3:1 for the outline of a control', () => {
    const result = legibleOn('#fde68a', WHITE, 3);
    expect(result.ratio).toBeGreaterThanOrEqual(3);
    expect(result.ratio).toBeLessThan(4.5);
  });
});
