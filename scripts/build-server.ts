import { rmSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';
import { buildPlacementLoader } from '@/placement-loader/build';

/*
 * The production server: src/server/main.ts bundled into dist/server/main.js (docs/decisions/0026),
 * and the job thread's module, src/server/job-thread-main.ts, into dist/server/job-thread-main.js.
 * What both use is split into chunks beside them, and so is each module imported with `import()`,
 * which is then loaded only when it is first needed (docs/decisions/0056).
 * Packages stay in node_modules, except React and what renders with it on the server (react-email):
 * those are bundled with NODE_ENV defined as production, so pages and emails render with React's
 * production build whatever NODE_ENV the server runs under (unset on a laptop means development
 * for Lodestone's own settings, not a slower React).
 */
const BUNDLED = /^(react|react-dom|scheduler|@react-email\/[^/]+)(\/|$)/;
const OWN_ALIAS = /^@(tests)?\//;

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    // Every bare name is a package, except the project's own aliases (@/ and @tests/, tsconfig.json paths).
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.test(args.path) || args.path.startsWith('node:') || OWN_ALIAS.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

// The chunks sit beside the entries, so `import.meta.url` finds dist/web and migrations/ from any of them.
// Another directory may be named (a test builds the server into one of its own); it must end in dist/server.
const outdir = process.argv[2] ?? 'dist/server';
if (!/(^|\/)dist\/server\/?$/.test(outdir)) throw new Error(`The server is built into a dist/server directory, not ${outdir}`);
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'job-thread-main': 'src/server/job-thread-main.ts' },
  outdir,
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  // The placements' loader script (/l.js), built here so the compiled server needs no build tools.
  define: { 'process.env.NODE_ENV': '"production"', __PLACEMENT_LOADER__: JSON.stringify(await buildPlacementLoader()) },
  // Bundled CommonJS (React) may call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __lsCreateRequire } from 'node:module'; const require = __lsCreateRequire(import.meta.url);",
  },
  plugins: [externalPackages],
});
