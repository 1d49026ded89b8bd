import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers (ARCHITECTURE.md): domain <- landing <- web / server, and inside server and web one
 * folder per feature, used by the others only through its index.ts. Tests may reach inside.
 */
const featuresOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** One zone per pair of features: `feature` may import `other` only through other/index.ts. */
const featureZones = (dir) =>
  featuresOf(dir).flatMap((feature) =>
    featuresOf(dir)
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./${dir}/${feature}`,
        from: `./${dir}/${other}`,
        except: ['./index.ts'],
        message: `Import the ${other} feature through its index (${dir}/${other}/index.ts).`,
      })),
  );

/** The files that wire features together (the server's entry points, the web app's router) use their indexes too. */
const entryZones = (dir, entries, alsoAllowed = () => []) =>
  featuresOf(dir).map((feature) => ({
    target: entries,
    from: `./${dir}/${feature}`,
    except: ['./index.ts', ...alsoAllowed(`${dir}/${feature}`)],
    message: `Import the ${feature} feature through its index (${dir}/${feature}/index.ts).`,
  }));

/** A feature's screens (`*-page.tsx`) and their first frames (`*-frame.tsx`), at any depth, as paths relative to the feature. */
const screensOf = (featureDir) =>
  readdirSync(featureDir, { recursive: true })
    .filter((file) => file.endsWith('-page.tsx') || file.endsWith('-frame.tsx'))
    .map((file) => `./${file.split(path.sep).join('/')}`);

const layerZones = [
  { target: './src/domain', from: './src', except: ['./domain'], message: 'src/domain imports nothing internal.' },
  {
    target: './src/landing',
    from: './src',
    except: ['./domain', './landing'],
    message: 'src/landing imports only src/domain.',
  },
  { target: './src/web', from: './src/server', message: 'The web app never imports the server.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
  {
    target: ['./src/server/lib', './src/server/db'],
    from: './src/server/features',
    message: 'lib/ and db/ are below the features: they import none.',
  },
  { target: './src/web/lib', from: './src/web/features', message: 'web/lib is below the features: it imports none.' },
  {
    target: './src/web/components',
    from: './src/web/features',
    message: 'Shared components are below the features: they import none.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'migrations', 'playwright-report', 'test-results', 'scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One way to name a module in another folder, on the server and in the browser alike: @/ for
    // src/, @tests/ for tests/ (tsconfig.json paths; docs/decisions/0070). ./ stays for a neighbour.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The browser journeys may still read their ports from playwright.config at the root.
              regex: '^\\.\\./(?!\\.\\./playwright\\.config)',
              message: 'Import from another folder through @/ (src) or @tests/ (tests), not ../.',
            },
            {
              // Written without an extension, as the web app always has: the lint zones resolve it.
              regex: '^@(tests)?/.*\\.js$',
              message: 'Name a module under @/ or @tests/ without its extension.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/landing/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            ...featureZones('src/server/features'),
            ...entryZones('src/server/features', ['./src/server/*.ts']),
            ...featureZones('src/web/features'),
            // The router may load a feature's screen (*-page.tsx) itself, so that screen can be a chunk of its own;
            // the build draws a screen's first frame (*-frame.tsx, app/screen-frames.tsx) from its own file too.
            ...entryZones('src/web/features', ['./src/web/app', './src/web/main.tsx'], screensOf),
          ],
        },
      ],
    },
  },
);
