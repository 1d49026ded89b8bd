import type { toast as sonnerToast } from 'sonner';
import { showToaster } from '@/web/app/toaster-host';

type Sonner = typeof sonnerToast;

/**
 * The app's toasts (sonner's `toast.success` and `toast.error`), raised before sonner is there: the
 * first one mounts the toaster and downloads sonner, so a screen that never toasts never downloads
 * it. Toasts keep their order (they wait on the same import) and sonner shows those raised before
 * its toaster mounted once it does.
 */
function raise<K extends 'success' | 'error'>(kind: K, args: Parameters<Sonner[K]>): void {
  showToaster();
  void import('sonner').then(({ toast }) => (toast[kind] as (...args: Parameters<Sonner[K]>) => unknown)(...args));
}

export const toast = {
  success: (...args: Parameters<Sonner['success']>) => raise('success', args),
  error: (...args: Parameters<Sonner['error']>) => raise('error', args),
};
