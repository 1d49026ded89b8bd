import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

/** A link that wraps a whole card: its focus ring, and the group its card's hover styles follow. */
export const CARD_LINK_CLASS =
  'group block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

type IconCardProps = ComponentProps<'div'> & { Icon: LucideIcon; title: string; text: ReactNode };

/** An icon tile next to a title and a line of text. */
export function IconCard({ Icon, title, text, className, ...props }: IconCardProps) {
  return (
    <Card className={cn('flex items-start gap-4 p-5', className)} {...props}>
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-gray-900 group-hover:text-indigo-700">{title}</span>
        <span className="mt-1 block text-sm break-words text-gray-700">{text}</span>
      </span>
    </Card>
  );
}

type IconLinkCardProps = Pick<IconCardProps, 'Icon' | 'title' | 'text'> & {
  to: string;
  /** A plain <a> (e.g. mailto:) rather than a route of the app. */
  external?: boolean;
  className?: string;
};

/** An IconCard that is a link as a whole. */
export function IconLinkCard({ to, external, className, ...card }: IconLinkCardProps) {
  const body = <IconCard className="h-full transition-shadow group-hover:border-indigo-200 group-hover:shadow-md" {...card} />;
  const linkClassName = cn(CARD_LINK_CLASS, className);
  return external ? (
    <a href={to} className={linkClassName}>
      {body}
    </a>
  ) : (
    <Link to={to} className={linkClassName}>
      {body}
    </Link>
  );
}
