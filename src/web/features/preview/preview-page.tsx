import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function PreviewPage() {
  useDocumentTitle('Preview');
  return (
    <div className="flex flex-1 items-center justify-center bg-gray-50 px-4 py-24">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-gray-900">Preview</h1>
        <p className="mt-3 text-gray-700">No form configuration was found. Please create a form first.</p>
        <Link to="/page-creator" className={buttonVariants({ className: 'mt-6' })}>
          Go to Page Creator
        </Link>
      </div>
    </div>
  );
}
