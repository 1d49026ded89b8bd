import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { SCREEN_FRAMES_FILE, SCREEN_PRELOADS_FILE, SIGNED_IN_PRELOADS } from './src/domain/routes';
import { ACCOUNT_AREA_MODULE, SCREEN_PROVIDERS_MODULE, SCREENS, type Screen } from './src/web/app/screens';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The API reference page's Scalar bundle (with its dependencies) gets its own copy of zod. Shared with the app, zod would sit
 * in the main chunk with every export Scalar uses (+18 KB on every page) to serve one lazy page.
 * Both copies read the same global config (zod keeps it on globalThis), so `jitless` still applies.
 */
function scalarOwnZod(): Plugin {
  const TAG = '?scalar-zod';
  return {
    name: 'scalar-own-zod',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const inCopy = importer.endsWith(TAG);
      // Only the reference's packages (Scalar and the AI SDK its agent uses) import zod from node_modules:
      // the app's own code imports it from src/.
      const fromPackage = !inCopy && importer.includes('/node_modules/') && !importer.includes('/node_modules/zod/');
      if (!(fromPackage && /^zod(\/|$)/.test(source)) && !(inCopy && source.startsWith('.'))) return null;
      const resolved = await this.resolve(source, inCopy ? importer.slice(0, -TAG.length) : importer, {
        ...options,
        skipSelf: true,
      });
      return resolved && !resolved.external ? resolved.id + TAG : null;
    },
    load(id) {
      return id.endsWith(TAG) ? readFile(id.slice(0, -TAG.length), 'utf8') : null;
    },
  };
}

/**
 * zod 4 decides when each object schema is built whether it may compile it with `new Function`, and
 * probes for that once, which the Content Security Policy reports as an eval violation. The domain's
 * schemas are built when their chunk loads, before main.tsx's `z.config({ jitless: true })` runs, so
 * the browser's zod (every copy) starts jitless instead.
 */
function zodStartsJitless(): Plugin {
  return {
    name: 'zod-starts-jitless',
    transform(code, id) {
      return /\/node_modules\/zod\/v4\/core\/core\.js(\?|$)/.test(id) ? `${code}\nglobalConfig.jitless = true;\n` : null;
    },
  };
}

/**
 * Writes screen-preloads.json beside index.html: for each route of the router's screen table, the
 * chunks its screen needs that the entry does not already load (the screen's own chunk and the
 * shared chunks it imports), so the server can name them in the document as modulepreload links
 * and the first screen downloads beside the entry, not after it; and the header's account area's
 * chunks, which the documents of signed-in owners name too.
 */
function screenPreloads(): Plugin {
  return {
    name: 'screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const staticClosure = (start: string[], skip: Set<string>) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName) || skip.has(fileName)) return;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        start.forEach(visit);
        return seen;
      };
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const loadedByEntry = staticClosure(entries, new Set());
      // A module's own chunk, or the shared chunk it was merged into.
      const chunkOf = (module: string) => {
        const id = path.join(src, 'web', module);
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`No chunk holds ${module}`);
        return chunk.fileName;
      };
      const providers = chunkOf(SCREEN_PROVIDERS_MODULE);
      const preloads: Record<string, string[]> = {};
      for (const [route, screen] of Object.entries(SCREENS) as [string, Screen][]) {
        const start = [chunkOf(screen.module), ...(screen.static ? [] : [providers])];
        preloads[route] = [...staticClosure(start, loadedByEntry)];
      }
      preloads[SIGNED_IN_PRELOADS] = [...staticClosure([chunkOf(ACCOUNT_AREA_MODULE)], loadedByEntry)];
      this.emitFile({ type: 'asset', fileName: SCREEN_PRELOADS_FILE, source: JSON.stringify(preloads, null, 2) });
    },
  };
}

/**
 * Writes screen-frames.json beside index.html: the first frame of each owner screen that has one
 * (src/web/app/screen-frames.tsx), drawn here with React's server renderer, for the server to put in
 * a signed-in owner's document. The components run in Node through tsx (with the app's `@/` paths).
 */
function screenFrames(): Plugin {
  return {
    name: 'screen-frames',
    apply: 'build',
    async generateBundle() {
      const frames = (await tsImport(
        './src/web/app/screen-frames.tsx',
        import.meta.url,
      )) as typeof import('./src/web/app/screen-frames');
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_FRAMES_FILE,
        source: JSON.stringify(frames.renderScreenFrames(), null, 2),
      });
    },
  };
}

/**
 * The files of the lucide icons the Home page, the shell around every screen and the shared
 * components import (read from
 * their sources and lucide's own index, so nothing is listed by hand). They get a chunk of their own
 * with lucide's shared modules: the first load downloads those, not the icons of every screen.
 */
function firstLoadIconFiles(): Set<string> {
  const index = readFileSync(
    fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url)),
    'utf8',
  );
  const fileOf = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g))
    for (const name of names!.matchAll(/default as (\w+)/g)) fileOf.set(name[1]!, file!);
  const sources = ['app', 'components', 'features/home'].flatMap((dir) =>
    readdirSync(path.join(src, 'web', dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(path.join(src, 'web', dir, file), 'utf8')),
  );
  const files = new Set<string>();
  for (const source of sources)
    for (const [, names] of source.matchAll(/import \{([^}]*)\} from 'lucide-react'/g))
      for (const name of names!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
        const file = fileOf.get(name);
        if (file) files.add(file);
      }
  return files;
}

/** The data layer every screen but the static ones loads: TanStack Query, the API client, the screens' providers. */
const QUERY =
  /node_modules[\\/]@tanstack[\\/]|src[\\/]web[\\/](lib[\\/](api|query-client|query-retry)\.ts|app[\\/]screen-providers\.tsx)$|src[\\/]domain[\\/]api-errors\.ts$/;

/** The owner's screens (signed in); the others are the visitor's. */
const OWNER_ROUTE = /^\/(dashboard|settings|page-creator|preview)(\/|$)/;
/** Of the owner's modules, those at least this many of the owner's screens import go in one chunk. */
const OWNER_SHARED_BY = 8;

/**
 * The chunk of a module that the dashboard's first load needs, or null to leave it to the
 * bundler. Left alone, the bundler puts each module in a chunk per set of
 * screens that import it; with some forty screens that made the dashboard download 46 scripts,
 * many under 1 KB, which compress worse apart than together (the same class names, the same
 * JSX) and each carry imports and exports. Two chunks gather them instead:
 * - `owner`: what the dashboard or the header's account area imports and most of the owner's
 *   screens do too (the session, the screen heading, cards, error states, toasts, forms' and
 *   payments' queries);
 * - `lists`: what the dashboard and the leads list share (the paged table, the option select,
 *   the plan-limit notices), that no visitor's screen imports.
 * Never a module the entry or a static screen imports, so Home's scripts stay as they are. A
 * module's imports are imported by at least the screens that import it, so `owner` imports
 * nothing from `lists` (only the reverse) and neither is imported by the entry: no cycles.
 */
function ownerChunks(): (id: string, ctx: Rolldown.ChunkingContext) => string | null {
  let importedBy: Map<string, Set<string>> | undefined;
  // Which roots (the entry, each screen, the account area) import each module, directly or not.
  const reach = (ctx: Rolldown.ChunkingContext) => {
    const map = new Map<string, Set<string>>();
    const roots: [string, string][] = [
      ['entry', path.join(src, 'web', 'main.tsx')],
      ...(Object.entries(SCREENS) as [string, Screen][]).map(([route, screen]): [string, string] => [
        screen.static ? 'static' : route,
        path.join(src, 'web', screen.module),
      ]),
      ['/dashboard', path.join(src, 'web', ACCOUNT_AREA_MODULE)],
    ];
    for (const [root, id] of roots) {
      const seen = new Set<string>();
      const stack = [id];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
      for (const module of seen) map.set(module, (map.get(module) ?? new Set()).add(root));
    }
    return map;
  };
  return (id, ctx) => {
    importedBy ??= reach(ctx);
    const roots = importedBy.get(id);
    if (!roots?.has('/dashboard') || roots.has('entry') || roots.has('static')) return null;
    const owners = [...roots].filter((root) => OWNER_ROUTE.test(root)).length;
    if (owners >= OWNER_SHARED_BY) return 'owner';
    if (roots.has('/dashboard/leads') && owners === roots.size) return 'lists';
    return null;
  };
}

/** The chunk file names of the screens (`features/x/y-page.tsx` becomes `assets/y-page-<hash>.js`). */
const SCREEN_CHUNK = new RegExp(
  `^assets/(${[...new Set(Object.values(SCREENS).map((screen) => path.basename(screen.module, '.tsx')))].join('|')})-[\\w-]{8}\\.js$`,
);

const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;
const FIRST_LOAD_ICONS = firstLoadIconFiles();

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), scalarOwnZod(), zodStartsJitless(), screenPreloads(), screenFrames()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: {
      // The router's import of each screen carries no list of the chunks that screen imports: the
      // lists of some forty screens were 2 KB of the entry on every first load. The first screen's
      // chunks are named by the document (screenPreloads); a later screen starts loading when a
      // link to it is pointed at or focused (app/router.tsx, prefetchScreen).
      resolveDependencies: (file, deps) => (SCREEN_CHUNK.test(file) ? [] : deps),
    },
    rolldownOptions: {
      // The app's own modules do nothing on import but define what they export: a screen that takes one
      // thing through a feature's index does not download the rest of that feature.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/](web|domain)[\\/].*\.tsx?$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'icons',
              priority: 2,
              test: (id) => LUCIDE.test(id) && (!/[\\/]icons[\\/]/.test(id) || FIRST_LOAD_ICONS.has(path.basename(id))),
            },
            // The other screens' icons are left to the bundler, so each screen downloads its own
            // (one chunk of every screen's icons was 6 KB of the dashboard's first load).
            // The ICU message parser and formatter go together, apart from the small domain
            // modules they used to be merged with (money, languages): a screen that formats money
            // does not download them.
            { name: 'icu', priority: 1, test: /node_modules[\\/](@formatjs[\\/]|intl-messageformat[\\/])/ },
            // One chunk instead of five (the chunk of each screen that used a part): the dependencies
            // are not pulled in with it, or React would come along (as it does with the icons).
            { name: 'query', priority: 1, test: QUERY, includeDependenciesRecursively: false },
            { name: ownerChunks(), debugName: 'owner', priority: 0, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
