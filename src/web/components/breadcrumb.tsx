import { ChevronRight } from 'lucide-react';
import { Link } from '@/web/lib/router';

type BreadcrumbProps = {
  /** The page above this one; the dashboard unless told. */
  parent?: { label: string; to: string };
  /** This page's name, truncated if it does not fit. */
  current: string;
};

/** The breadcrumb above an app screen's heading: Dashboard › this page. */
export function Breadcrumb({ parent = { label: 'Dashboard', to: '/dashboard' }, current }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-gray-600">
        <li>
          <Link to={parent.to} className="rounded-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
            {parent.label}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="min-w-0 truncate text-gray-700">
          {current}
        </li>
      </ol>
    </nav>
  );
}
