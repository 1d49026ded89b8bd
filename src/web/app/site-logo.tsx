import { Link } from '@/web/lib/router';
import { cn } from '@/web/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-8 place-items-center rounded-lg bg-gradient-to-br from-indigo-600 to-violet-600 text-base font-bold text-white shadow-sm',
        className,
      )}
    >
      L
    </span>
  );
}

export function SiteLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex items-center gap-2 text-lg font-bold tracking-tight',
        tone === 'dark' ? 'text-gray-900' : 'text-white focus-visible:outline-indigo-300',
      )}
    >
      <LogoMark />
      Lodestone
    </Link>
  );
}
