import { build, type Plugin } from 'esbuild';

/*
 * The production server: src/server/main.ts bundled into dist/server/main.js (docs/decisions/0026).
 * Packages stay in node_modules, except React and what renders with it on the server (react-email):
 * those are bundled with NODE_ENV defined as production, so pages and emails render with React's
 * production build whatever NODE_ENV the server runs under (unset on a laptop means development
 * for Lodestone's own settings, not a slower React).
 */
const BUNDLED = /^(react|react-dom|scheduler|@react-email\/[^/]+)(\/|$)/;

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.test(args.path) || args.path.startsWith('node:') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS (React) may call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __lsCreateRequire } from 'node:module'; const require = __lsCreateRequire(import.meta.url);",
  },
  plugins: [externalPackages],
});
