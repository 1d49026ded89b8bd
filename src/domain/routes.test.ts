import { describe, expect, it } from 'vitest';
import { exportDownloadPath } from './lead-export';
import { APP_ROUTES, formAnalyticsPath, formSitePath, isAppRoute, isServerPage, leadPath, leadsPath } from './routes';

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

  it('accepts a page\'s "Put it on your site" screen only for an id shaped like a form\'s', () => {
    expect(formSitePath('AbC123xyZ789')).toBe('/dashboard/forms/AbC123xyZ789/site');
    expect(isAppRoute(formSitePath('AbC123xyZ789'))).toBe(true);
    expect(isAppRoute('/dashboard/forms/AbC123xyZ789/site/')).toBe(true);
    for (const path of [
      '/dashboard/forms/short/site',
      '/dashboard/forms/AbC123xyZ789/site/extra',
      '/dashboard/forms/AbC123xyZ789/sites',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
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

describe('isServerPage', () => {
  it('knows an export’s download, which the server answers and the SPA’s router must not', () => {
    const path = exportDownloadPath('0b7e3c4a-1f2d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(isServerPage(path)).toBe(true);
    expect(isAppRoute(path)).toBe(false);
    expect(isServerPage('/exports/not-an-id/download')).toBe(false);
    expect(isServerPage('/dashboard')).toBe(false);
  });
});
