import { useEffect, useRef } from 'react';

/**
 * Each time `request` is bumped, moves focus to the first input in error inside the returned ref's
 * element (or to what marks itself with data-error-focus), once the tab holding it is shown.
 */
export function useErrorFocus(request: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request === 0) return;
    // A tab panel shown by this update mounts its inputs in a follow-up render: focus after it.
    const frame = requestAnimationFrame(() => {
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-focus]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [request]);
  return ref;
}
