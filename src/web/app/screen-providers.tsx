import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { showToaster } from '@/web/app/toaster-host';
import { createQueryClient } from '@/web/lib/query-client';

// One query client for the app's whole life, shared by every screen that wraps itself in it.
const queryClient = createQueryClient();

/**
 * What every screen but the static ones (screens.ts) runs in: the app's query client and its
 * toaster. The router loads this module beside such a screen, so the static screens (Home, say)
 * download neither TanStack Query nor sonner.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  useEffect(showToaster, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
