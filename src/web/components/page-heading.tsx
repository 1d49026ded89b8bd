import type { ReactNode } from 'react';

type PageHeadingProps = { title: string; subtitle: string; actions?: ReactNode };

/** The h1 and subtitle at the top of an app screen (dashboard, page creator). */
export function PageHeading({ title, subtitle, actions }: PageHeadingProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-1 text-gray-700">{subtitle}</p>
      </div>
      {actions}
    </div>
  );
}
