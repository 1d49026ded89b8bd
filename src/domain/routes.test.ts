import { describe, expect, it } from 'vitest';
import { APP_ROUTES, formAnalyticsPath, isAppRoute } from './routes';

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
});
