import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-24 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm transition-colors placeholder:text-gray-500 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:focus-visible:ring-red-600/30 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
