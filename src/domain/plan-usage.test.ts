import { describe, expect, it } from 'vitest';
import { heldLeadsNotices, pagesOverLimitMessage } from './plan-usage';

describe('what the owner is told of what the plan holds back', () => {
  const now = new Date('2026-11-20T10:00:00Z');

  it('says how many sign-ups are held, why, and when they appear', () => {
    expect(heldLeadsNotices({ months: [{ month: '2026-11', count: 37 }], planTitle: 'Free', limit: 100 }, now)).toEqual([
      '37 sign-ups are held because this workspace has used its 100 sign-ups for November. Upgrade to see them now, or they appear on December 1.',
    ]);
    expect(heldLeadsNotices({ months: [{ month: '2026-11', count: 1 }], planTitle: 'Pro', limit: 10_000 }, now)).toEqual([
      '1 sign-up is held because this workspace has used its 10,000 sign-ups for November. Upgrade to see them now, or they appear on December 1.',
    ]);
    expect(heldLeadsNotices({ months: [{ month: '2026-12', count: 2 }], planTitle: 'Free', limit: 100 }, now)[0]).toContain(
      'appear on January 1',
    );
  });

  it('says a month that has ended is being released, and nothing when nothing is held', () => {
    expect(heldLeadsNotices({ months: [{ month: '2026-10', count: 3 }], planTitle: 'Free', limit: 100 }, now)).toEqual([
      '3 sign-ups are held from October: they are being released and appear shortly.',
    ]);
    expect(heldLeadsNotices({ months: [], planTitle: 'Free', limit: 100 }, now)).toEqual([]);
  });

  it('names the pages over the plan and what to do', () => {
    expect(pagesOverLimitMessage(5, 3)).toBe(
      'This workspace has 5 pages and its plan allows 3. Choose which 3 to keep editing on the dashboard, or upgrade.',
    );
  });
});
