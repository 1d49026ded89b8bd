import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import { cn } from '@/web/lib/cn';
import { useDocumentTitle } from '@/web/lib/use-document-title';

type InfoPageLayoutProps = {
  title: string;
  description: string;
  /** Content as wide as the header (cards, tables) instead of the reading width of text pages. */
  wide?: boolean;
  /** Breadcrumb links between Home and this page, e.g. GDPR Compliance above the DPA. */
  trail?: ReadonlyArray<{ label: string; to: string }>;
  children: ReactNode;
};

/**
 * The layout of docs/product.md#info-pages: breadcrumb from Home, centred title and description, content.
 * The site header and footer come from the root layout around every page.
 */
export function InfoPageLayout({ title, description, wide = false, trail = [], children }: InfoPageLayoutProps) {
  useDocumentTitle(title, description);
  return (
    <div className="bg-white">
      <div className="border-b border-gray-200 bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pt-6 pb-14 sm:px-6 lg:px-8">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-700">
              <li>
                <Link to="/" className="hover:text-indigo-700">
                  Home
                </Link>
              </li>
              {trail.map((crumb) => (
                <li key={crumb.to} className="flex items-center gap-1">
                  <ChevronRight aria-hidden="true" className="size-4 text-gray-500" />
                  <Link to={crumb.to} className="hover:text-indigo-700">
                    {crumb.label}
                  </Link>
                </li>
              ))}
              <li className="flex items-center gap-1">
                <ChevronRight aria-hidden="true" className="size-4 text-gray-500" />
                <span aria-current="page" className="font-medium text-gray-900">
                  {title}
                </span>
              </li>
            </ol>
          </nav>
          <div className="mx-auto mt-10 max-w-3xl text-center">
            <h1 className="text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl">{title}</h1>
            <p className="mt-4 text-lg text-gray-700">{description}</p>
          </div>
        </div>
      </div>
      <div className={cn('mx-auto px-4 py-14 sm:px-6 lg:px-8', wide ? 'max-w-7xl' : 'max-w-3xl')}>{children}</div>
    </div>
  );
}
