import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.js';

const REFERENCE = fileURLToPath(new URL('../../docs/configuration.md', import.meta.url));

/**
 * The variables docs/configuration.md describes: the backquoted names in the first column of the
 * table under its "## Variables" heading (a cell may name several, e.g. `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`).
 */
function documentedVariables(markdown: string): string[] {
  const section = /^## Variables$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown);
  if (!section) throw new Error('docs/configuration.md has no "## Variables" section');
  const names: string[] = [];
  for (const line of section[1]!.split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([^`]+)`/g)) {
      if (/^[A-Z][A-Z0-9_]*$/.test(match[1]!)) names.push(match[1]!);
    }
  }
  return names;
}

const schemaVariables = () => Object.keys(envSchema.shape);

describe('the configuration reference (docs/configuration.md)', () => {
  const documented = documentedVariables(readFileSync(REFERENCE, 'utf8'));

  it('finds the variables table', () => {
    expect(documented.length).toBeGreaterThan(10);
  });

  it.each(schemaVariables())('describes %s, which src/server/config.ts reads', (name) => {
    expect(documented, `${name} is read by src/server/config.ts but missing from docs/configuration.md`).toContain(name);
  });

  it('describes no variable that src/server/config.ts does not read', () => {
    const read = new Set(schemaVariables());
    const unknown = documented.filter((name) => !read.has(name));
    expect(unknown, `documented in docs/configuration.md but not read by src/server/config.ts: ${unknown.join(', ')}`).toEqual(
      [],
    );
  });

  it('describes each variable once', () => {
    const twice = documented.filter((name, i) => documented.indexOf(name) !== i);
    expect(twice, `described more than once in docs/configuration.md: ${twice.join(', ')}`).toEqual([]);
  });
});
