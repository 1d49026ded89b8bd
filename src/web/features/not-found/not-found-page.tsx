import { useEffect } from 'react';
import { Link, useLocation } from '@/web/lib/router';
import { buttonVariants } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found', 'The page you are looking for does not exist on Lodestone.');

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <div className="flex flex-1 items-center justify-center bg-gray-50 px-4 py-24">
      <div className="text-center">
        <h1 className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-7xl font-extrabold text-transparent sm:text-8xl">
          404
        </h1>
        <p className="mt-4 text-xl font-semibold text-gray-900">Oops! Page not found</p>
        <p className="mt-2 text-gray-700">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
