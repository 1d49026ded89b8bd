import { useEffect } from 'react';

const APP_NAME = 'Lodestone';

/**
 * Sets the tab title to "{page} | Lodestone" (just the app name for the home page) and the page's
 * meta description: every screen states both, so search results and shared links tell them apart.
 */
export function useDocumentTitle(page: string | undefined, description: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${APP_NAME}` : `${APP_NAME} | Lead-magnet landing pages`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [page, description]);
}
