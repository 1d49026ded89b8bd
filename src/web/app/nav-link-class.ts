import { cn } from '@/web/lib/cn';

/** A link of the header's navigation, indigo when it is the current screen. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:text-indigo-700',
    isActive ? 'text-indigo-700' : 'text-gray-700',
  );
