import { Toaster } from 'sonner';
import { TOAST_DEFAULTS } from '@/domain/ui-defaults';

export function AppToaster() {
  return (
    <Toaster
      richColors
      closeButton
      position="bottom-right"
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      duration={TOAST_DEFAULTS.durationMs}
      hotkey={[...TOAST_DEFAULTS.hotkey]}
    />
  );
}
