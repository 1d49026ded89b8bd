import { Spinner } from '@/web/components/ui/spinner';

/** docs/product.md#page-creator: the full-screen 'Loading...' overlay, shown only while the server works. */
export function LoadingOverlay() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-3 bg-white/80 backdrop-blur-sm"
    >
      <Spinner className="size-10 text-indigo-600" />
      <p className="text-lg font-semibold text-gray-900">Loading...</p>
    </div>
  );
}
