import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULTS, TOOLTIP_DEFAULTS } from '@/domain/ui-defaults';
import { createQueryClient } from '@/web/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DEFAULTS.delayDurationMs} skipDelayDuration={TOOLTIP_DEFAULTS.skipDelayDurationMs}>
        {children}
        <Toaster
          richColors
          closeButton
          position="bottom-right"
          visibleToasts={TOAST_DEFAULTS.visibleToasts}
          duration={TOAST_DEFAULTS.durationMs}
          hotkey={[...TOAST_DEFAULTS.hotkey]}
        />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
