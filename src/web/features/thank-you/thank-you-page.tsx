import { Link } from '@/web/lib/router';
import { buttonVariants } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function ThankYouPage() {
  useDocumentTitle('Thank You', 'Thank you for signing up with a Lodestone landing page.');
  return (
    <div className="flex flex-1 items-center justify-center bg-gray-50 px-4 py-24">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold text-gray-900">Thank You!</h1>
        <p className="mt-3 text-gray-700">Thanks for your interest. You can close this page.</p>
        <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
