import { describe, expect, it } from 'vitest';
import { APP_ROUTES, formAnalyticsPath, isAppRoute, leadPath, leadsPath } from './routes';

describe('isAppRoute', () => {
  it('accepts every static route, with or without a trailing slash', () => {
    for (const route of APP_ROUTES) expect(isAppRoute(route), route).toBe(true);
    expect(isAppRoute('/pricing/')).toBe(true);
  });

  it("accepts a form's analytics page only for an id shaped like a form's", () => {
    expect(isAppRoute(formAnalyticsPath('AbC123xyZ789'))).toBe(true);
    expect(isAppRoute('/dashboard/forms/AbC123xyZ789/')).toBe(true);
    for (const path of [
      '/dashboard/forms',
      '/dashboard/forms/',
      '/dashboard/forms/short',
      '/dashboard/forms/AbC123xyZ789/leads',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
    expect(isAppRoute(formAnalyticsPath('../../etc'))).toBe(false);
  });

  it('accepts the leads list, and a lead only for an id shaped like a UUID', () => {
    expect(isAppRoute(leadsPath())).toBe(true);
    expect(isAppRoute(leadsPath('AbC123xyZ789').split('?')[0]!)).toBe(true);
    expect(isAppRoute(leadPath('0b6f3c52-5d1e-4f7a-9c1b-2a3d4e5f6a7b'))).toBe(true);
    for (const path of ['/dashboard/leads/not-a-lead', '/dashboard/leads/0b6f3c52-5d1e-4f7a-9c1b-2a3d4e5f6a7b/edit']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
