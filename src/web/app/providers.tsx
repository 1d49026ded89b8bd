import type { ReactNode } from 'react';
import { ToasterHost } from '@/web/app/toaster-host';

/**
 * What the whole app runs in. The query client is not here: it comes with the screens that use it
 * (screen-providers.tsx), so the static screens do not download it. Nor is a Tooltip.Provider: no
 * screen uses Radix tooltips today; one that does wraps them in one (TOOLTIP_DEFAULTS).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterHost />
    </>
  );
}
