import { useEffect } from 'react';

const APP_NAME = 'Lodestone';
const DEFAULT_DESCRIPTION =
  'Lodestone builds landing pages that give away your PDF lead magnet in exchange for visitor details, with conversion analytics and GDPR, CCPA and PDPA compliance built in.';

/**
 * Sets the tab title to "{page} | Lodestone" (just the app name for the home page) and the page's
 * meta description (the site's default when none is given), so each screen has its own.
 */
export function useDocumentTitle(page?: string, description?: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${APP_NAME}` : `${APP_NAME} | Lead-magnet landing pages`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description ?? DEFAULT_DESCRIPTION;
  }, [page, description]);
}
