import { lazy, Suspense } from 'react';
import { createLatch } from '@/web/lib/latch';

// The toaster (sonner) comes with the first screen that can toast (ScreenProviders asks for it),
// not with the entry: the Home page and the other static screens never download it. sonner shows
// a toast raised before its Toaster mounted once it does, so nothing raised early is lost.
const wanted = createLatch();

/** Mounts the app's toaster (once); called by the screens that can toast, and before a toast outside them. */
export const showToaster = () => wanted.set();

const AppToaster = lazy(() => import('@/web/app/toaster').then((m) => ({ default: m.AppToaster })));

export function ToasterHost() {
  const shown = wanted.useValue();
  return shown ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
