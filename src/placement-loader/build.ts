import { fileURLToPath } from 'node:url';

/**
 * Bundles the loader (loader.ts and the few pure helpers it imports) into one minified script.
 * Run by the server's build (scripts/build-server.ts), which writes the result into the compiled
 * server, and, from the sources (development, tests), by the server the first time it serves /l.js.
 */
export async function buildPlacementLoader(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./loader.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text;
}
