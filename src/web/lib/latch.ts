import { useSyncExternalStore } from 'react';

/**
 * A flag that only ever turns on, which components read (and re-render on) through `useValue()`:
 * something the app starts wanting once and keeps, such as the toaster or the account area.
 */
export function createLatch(initial = false) {
  let on = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    /** Turns it on (once; later calls do nothing). */
    set(): void {
      if (on) return;
      on = true;
      for (const listener of listeners) listener();
    },
    useValue(): boolean {
      const value = () => on;
      return useSyncExternalStore(subscribe, value, value); // the build's first frames (app/first-frame.ts) read it too
    },
  };
}
