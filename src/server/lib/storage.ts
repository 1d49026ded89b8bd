import { once } from 'node:events';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';

/** Where uploaded files live. Local disk by default; an S3-compatible adapter can implement the same. */
export interface Storage {
  /** Streams `source` (through `transforms`) into `key`; nothing is visible under `key` unless it all succeeds. */
  write(key: string, source: Readable, ...transforms: Transform[]): Promise<void>;
  read(key: string): ReadStream;
  remove(key: string): Promise<void>;
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9._-]+$/.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async write(key, source, ...transforms) {
      await mkdir(root, { recursive: true });
      const final = pathOf(key);
      const partial = `${final}.partial`;
      // Truncates what a crashed earlier write of the same key left behind, so a rerun starts
      // clean; keys are unique per upload (and per export), so no live writer shares the file.
      const out = createWriteStream(partial, { flags: 'w', mode: 0o600 });
      try {
        await pipeline([source, ...transforms, out]);
        await fsync(partial); // acknowledged means on disk
        await rename(partial, final);
        await fsync(root);
      } catch (err) {
        // A stream before it may fail while the file is still being opened: remove it once closed.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(partial, { force: true });
        throw err;
      }
    },
    read: (key) => createReadStream(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}

async function fsync(file: string) {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
