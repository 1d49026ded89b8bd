import { RouterProvider } from 'react-router';
import { AppProviders } from '@/web/app/providers';
import { router } from '@/web/app/router';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
