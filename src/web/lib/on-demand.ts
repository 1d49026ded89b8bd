import { useSyncExternalStore } from 'react';

/**
 * A module a screen shows only after the owner asks for it (a row's menu, a filter's list): its
 * chunk stays out of the screen's first load and downloads on the first hover or press. Until it
 * is there the screen draws a stand-in of the same look (`useModule()` is undefined); then every
 * user of it re-renders with the module. A failed download is asked for again next time.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    load(): Promise<T> {
      pending ??= load().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    useModule(): T | undefined {
      return useSyncExternalStore(subscribe, () => loaded);
    },
  };
}
