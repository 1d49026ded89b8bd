import { useEffect } from 'react';

const APP_NAME = 'Lodestone';

/** Sets the tab title to "{page} | Lodestone", or just the app name for the home page. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${APP_NAME}` : `${APP_NAME} | Lead-magnet landing pages`;
  }, [page]);
}
