import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The compiled server carries the built loader (scripts/build-server.ts defines it). */
declare const __PLACEMENT_LOADER__: string | undefined;

export interface LoaderScript {
  js: string;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

let built: Promise<LoaderScript> | undefined;

/**
 * The loader script served at /l.js, compressed once: from the compiled server's copy, or built
 * from src/placement-loader when the server runs from its sources (development, tests).
 */
export function placementLoaderScript(): Promise<LoaderScript> {
  built ??= (async () => {
    const js =
      typeof __PLACEMENT_LOADER__ === 'string'
        ? __PLACEMENT_LOADER__
        : await (await import('@/placement-loader/build')).buildPlacementLoader();
    return {
      js,
      gzip: gzipSync(js, { level: 9 }),
      br: brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${createHash('sha256').update(js).digest('base64url').slice(0, 22)}"`,
    };
  })();
  built.catch(() => (built = undefined));
  return built;
}
