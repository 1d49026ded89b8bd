import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), scalarOwnZod(), zodStartsJitless()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
