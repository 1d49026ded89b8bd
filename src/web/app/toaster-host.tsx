import { lazy, Suspense, useSyncExternalStore } from 'react';

// The toaster (sonner) comes with the first screen that can toast (ScreenProviders asks for it),
// not with the entry: the Home page and the other static screens never download it. sonner shows
// a toast raised before its Toaster mounted once it does, so nothing raised early is lost.
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the app's toaster (once); called by the screens that can toast, and before a toast outside them. */
export function showToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const AppToaster = lazy(() => import('@/web/app/toaster').then((m) => ({ default: m.AppToaster })));

export function ToasterHost() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  return shown ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
