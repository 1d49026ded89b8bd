import type { StorageConfig } from '@/server/config';
import { localStorage, type Storage } from './storage.js';

/**
 * The configured store, for the server, its job thread and tests alike: local disk under
 * DATA_DIR/files, or the S3-compatible bucket that S3_BUCKET names.
 */
export async function createStorage(config: { storage: StorageConfig }): Promise<Storage> {
  const settings = config.storage;
  if (settings.kind === 'local') return localStorage(settings.dir);
  // Loaded only when used: a server that keeps files on disk never loads the AWS SDK.
  const { s3Storage } = await import('./s3-storage.js');
  return s3Storage(settings);
}
