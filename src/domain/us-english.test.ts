import { describe, expect, it } from 'vitest';
import { formatCountUs, formatDayUs, formatLongDayUs, formatMomentUs, formatUtcMomentUs } from './us-english';

describe('US English formats made once', () => {
  const instants = ['2026-11-30T15:11:00Z', '2026-01-02T00:05:59.999Z', '1999-12-31T23:59:00Z'];

  it('write numbers as toLocaleString does', () => {
    for (const n of [0, 7, 1000, 12345, 1e7, -42, 3.5]) expect(formatCountUs(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCountUs(10000)).toBe('10,000');
  });

  it('write dates and times as toLocaleString does, from a Date or an ISO string', () => {
    for (const iso of instants) {
      const date = new Date(iso);
      expect(formatMomentUs(iso)).toBe(date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
      expect(formatMomentUs(date)).toBe(formatMomentUs(iso));
      expect(formatDayUs(iso)).toBe(date.toLocaleDateString('en-US', { dateStyle: 'medium' }));
      expect(formatLongDayUs(iso)).toBe(date.toLocaleDateString('en-US', { dateStyle: 'long' }));
    }
  });

  it('say UTC in an email', () => {
    expect(formatUtcMomentUs('2026-11-30T15:11:00Z')).toBe('November 30, 2026 at 3:11 PM UTC');
  });
});
