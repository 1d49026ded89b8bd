import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS, APP_ROUTES } from '@/domain/routes';
import { SCREENS, type Screen } from './screens';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

describe("the router's screen table", () => {
  it('has one screen per route of the shared table, and the not-found screen', () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...APP_ROUTES, ...Object.keys(APP_ROUTE_PATTERNS), '*'].sort());
  });

  it('names, for each, a module that exports that component', () => {
    for (const [route, screen] of Object.entries(SCREENS) as [string, Screen][]) {
      const source = readFileSync(`${webRoot}${screen.module}`, 'utf8');
      expect(source, `${route}: ${screen.module}`).toMatch(new RegExp(`export function ${screen.component}\\b`));
    }
  });

  it('keeps the Home page static: it downloads neither the query client nor the toaster', () => {
    expect(SCREENS['/']).toMatchObject({ static: true });
  });
});
