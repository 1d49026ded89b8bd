import { and, isNull, lt, or, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '@/server/db/client';
import { forms, images } from '@/server/db/schema/index';
import type { Storage } from '@/server/lib/storage';
import { imageStorageKey } from './image-keys.js';

export const CLEANUP_IMAGES_TASK = 'cleanup_orphan_images';
/** Daily at 03:27, after the pages deleted 30 days ago are purged (03:07): their images go the same night. */
export const CLEANUP_IMAGES_CRONTAB = `27 3 * * * ${CLEANUP_IMAGES_TASK}`;

/**
 * Where a section shows an image (domain/sections.ts sectionImages), in the page's sections and in
 * variant B's own, as JSON paths: lax, so a section without that place (or a photo left empty)
 * yields nothing.
 */
const SECTION_IMAGE_PATHS = ['sections', 'abTest.sections'].flatMap((list) =>
  ['items[*].photo', 'photo', 'items[*].image'].map((place) => `lax $.${list}[*].${place}.id`),
);

/**
 * The ids of every image a page shows or may show again: in its draft or its published version (a
 * page in Recently deleted included, as it can be restored), as logo or cover, of the page or of its
 * A/B variant (B's changes, or its whole design as stored before decision 0061), and in the
 * sections of either. Any workspace's page counts: images are served by id alone, so one in use stays.
 */
const usedImageIds = sql`select r.id from ${forms} f
  cross join lateral (values (f.draft), (f.published)) as c(config)
  cross join lateral (values
    (c.config #>> '{design,logo,id}'),
    (c.config #>> '{design,cover,id}'),
    (c.config #>> '{abTest,designChanges,logo,id}'),
    (c.config #>> '{abTest,designChanges,cover,id}'),
    (c.config #>> '{abTest,design,logo,id}'),
    (c.config #>> '{abTest,design,cover,id}')
    ${sql.raw(SECTION_IMAGE_PATHS.map((path) => `union all select jsonb_path_query(c.config, '${path}') #>> '{}'`).join(' '))}) as r(id)
  where r.id is not null`;

/**
 * Deletes the images no page uses once they are older than `olderThan` (an abandoned editor, a
 * replaced logo), and at once those whose workspace is gone; then their stored files, after the
 * rows (a file without a row is only served until removed; a row without its files would be a page's
 * broken image).
 */
export async function removeOrphanImages(db: Db, storage: Storage, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(images)
    .where(and(or(isNull(images.workspaceId), lt(images.createdAt, olderThan)), sql`${images.id}::text not in (${usedImageIds})`))
    .returning({ id: images.id, widths: images.widths });
  await Promise.all(removed.flatMap((image) => image.widths.map((w) => storage.remove(imageStorageKey(image.id, w)))));
  return removed.length;
}

export function cleanupImagesTask(db: Db, storage: Storage): Task {
  return async (_payload, helpers) => {
    const count = await removeOrphanImages(db, storage, new Date(Date.now() - 24 * 60 * 60 * 1000));
    if (count > 0) helpers.logger.info(`removed ${count} unused images`);
  };
}
