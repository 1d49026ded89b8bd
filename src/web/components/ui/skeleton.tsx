import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/** A grey placeholder block shown while data loads (hidden from assistive technology). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-gray-200', className)} {...props} />;
}
