import { lazy, Suspense } from 'react';
import { createLatch } from '@/web/lib/latch';

// The toaster (sonner) comes with the first toast (lib/toast.ts asks for it), not with the entry
// nor with a screen: a screen that never toasts never downloads it. sonner shows a toast raised
// before its Toaster mounted once it does, so nothing raised early is lost.
const wanted = createLatch();

/** Mounts the app's toaster (once); called before each toast. */
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
