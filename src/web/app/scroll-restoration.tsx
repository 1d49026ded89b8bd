import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from '@/web/lib/router';

const STORAGE_KEY = 'lodestone-scroll-positions';

/** Where each history entry was scrolled to, by location key; kept across reloads for the tab. */
const positions = new Map<string, number>(readStored());
let firstRender = true;

function readStored(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as [string, number][]) : [];
  } catch {
    return [];
  }
}

/**
 * What a browser does between documents, for the app's own navigations: a new page starts at its top
 * (or at the element its #hash names), and Back, Forward or a reload return to where that entry was
 * scrolled. Runs after each screen has rendered, so the position fits the content it belongs to.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const { hash } = location;
  // A document's first entry has the key 'default' in every document of the tab.
  const key = `${location.key}:${location.pathname}`;

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-100)));
      } catch {
        // Storage full or refused: positions are kept for this document only.
      }
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    // A document opened afresh (a link from elsewhere, a typed address) starts at its top; a reload
    // or Back into it returns to where it was.
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fresh = firstRender && entry?.type === 'navigate';
    firstRender = false;
    const saved = fresh ? undefined : positions.get(key);
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key, hash]);

  return null;
}
