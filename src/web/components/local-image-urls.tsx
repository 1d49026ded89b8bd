import { useMemo, type ReactNode } from 'react';
import { LocalImageUrls } from '@/landing/design-images';

const objectUrls = new WeakMap<Blob, string>();

/**
 * One object URL per file, made once: the editor, its preview and the full preview show the same
 * copy. They are not revoked: a draft's few images stay chosen for as long as the app is open (and
 * may come back from the full preview), and the browser lets them go when the tab closes.
 */
function objectUrlOf(file: Blob): string {
  let url = objectUrls.get(file);
  if (!url) {
    url = URL.createObjectURL(file);
    objectUrls.set(file, url);
  }
  return url;
}

/** Lets the landing page (and the creator's thumbnails) show images that are only in this browser so far. */
export function LocalImageUrlsProvider({ images, children }: { images: Readonly<Record<string, Blob>>; children: ReactNode }) {
  const urls = useMemo(() => new Map(Object.entries(images).map(([id, file]) => [id, objectUrlOf(file)] as const)), [images]);
  return <LocalImageUrls.Provider value={urls}>{children}</LocalImageUrls.Provider>;
}
