import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '@/web/components/ui/card';

type ProviderCardProps = {
  title: string;
  description: string;
  /** Connected or not, in words. */
  status: ReactNode;
  children: ReactNode;
};

/** One provider's section of the settings page: its name and status, then what it holds. */
export function ProviderCard({ title, description, status, children }: ProviderCardProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <div className="flex flex-col gap-1.5 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold text-gray-900">
            {title}
          </h2>
          {status}
        </div>
        <p className="text-sm text-gray-600">{description}</p>
      </div>
      <div className="grid gap-6 border-t border-gray-200 p-4 sm:p-6">{children}</div>
    </Card>
  );
}

/** A titled part of a provider card (set-up steps, the credentials form). */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
