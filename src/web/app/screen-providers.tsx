import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/web/lib/query-client';

// One query client for the app's whole life, shared by every screen that wraps itself in it.
const queryClient = createQueryClient();

/**
 * What every screen but the static ones (screens.ts) runs in: the app's query client. The router
 * loads this module beside such a screen, so the static screens (Home, say) do not download
 * TanStack Query. The toaster comes with a screen's first toast (lib/toast.ts), not with it.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
