import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * better-auth runs each of its calls inside three AsyncLocalStorage instances of the process (the
 * request's state, the endpoint's context, the adapter's transaction). On Node 20 an instance that
 * has run once keeps async hooks switched on for every async resource of the process, for good: once
 * an owner had signed in, every published page's socket, request and write paid them (about 15% of
 * a page request, docs/performance.md). Confined, the three count the calls running in them, and the
 * last call to end switches them off (`disable()`: the hooks go with the last enabled instance); the
 * next call's `run` switches its instance on again. A call still running keeps them on, so nothing
 * inside better-auth loses its context; outside its calls there is none to lose.
 */
export function confineAuthAsyncContext(): Promise<void> {
  confined ??= confine();
  return confined;
}

let confined: Promise<void> | undefined;

async function confine() {
  const storages: AsyncLocalStorage<unknown>[] = await Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  let running = 0;
  const ended = () => {
    running -= 1;
    if (running === 0) for (const storage of storages) storage.disable();
  };
  for (const storage of storages) {
    const run = storage.run.bind(storage);
    storage.run = <R>(store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R => {
      running += 1;
      let result: R;
      try {
        result = run(store, callback, ...args);
      } catch (error) {
        ended();
        throw error;
      }
      if (result instanceof Promise) return result.finally(ended) as R;
      ended();
      return result;
    };
  }
}
