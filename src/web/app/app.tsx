import { BrowserRouter, useLocation } from '@/web/lib/router';
import { AppProviders } from '@/web/app/providers';
import { AppErrorBoundary } from '@/web/app/route-error';
import { AppRoutes, prefetchScreen } from '@/web/app/router';

function Screens() {
  const { key } = useLocation();
  return (
    <AppErrorBoundary resetKey={key}>
      <AppRoutes />
    </AppErrorBoundary>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter prefetch={prefetchScreen}>
        <Screens />
      </BrowserRouter>
    </AppProviders>
  );
}
