import { useCallback, useState } from 'react';

/**
 * Whether the element given the returned ref has come into the viewport, once: what only shows
 * further down (a chart below the fold on a phone) downloads and draws when the owner scrolls to it,
 * not during the screen's first paint. Without IntersectionObserver, at once.
 */
export function useInView<T extends Element>() {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (seen || !element) return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen],
  );
  return [ref, seen] as const;
}
