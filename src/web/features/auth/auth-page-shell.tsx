import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/web/lib/use-document-title';

type AuthPageShellProps = { title: string; description: string; documentTitle: string; children: ReactNode };

export function AuthPageShell({ title, description, documentTitle, children }: AuthPageShellProps) {
  useDocumentTitle(documentTitle, description);
  return (
    <div className="flex flex-1 justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-12 sm:py-20">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
          <p className="mt-2 text-gray-700">{description}</p>
        </div>
        {children}
      </div>
    </div>
  );
}
