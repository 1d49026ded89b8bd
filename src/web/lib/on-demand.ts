import { useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';

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

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * The stand-in of a menu or list whose module is `onDemand`: `module` once it is there; until then
 * the handlers its trigger spreads, which download it on hover or focus, and on a press (or an
 * opening key) ask for it to open as it arrives (`opening`), with focus carried over (`focused`).
 */
export function useStandIn<T>(demand: ReturnType<typeof onDemand<T>>) {
  const module = demand.useModule();
  const [opening, setOpening] = useState(false);
  const [focused, setFocused] = useState(false);
  const preload = () => void demand.load().catch(() => undefined);
  const open = () => {
    setOpening(true);
    preload();
  };
  const trigger = {
    onPointerEnter: preload,
    onFocus: () => {
      setFocused(true);
      preload();
    },
    onBlur: () => setFocused(false),
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) open();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      open();
    },
  };
  return { module, opening, focused, trigger };
}
