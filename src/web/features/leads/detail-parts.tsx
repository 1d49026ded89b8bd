import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/web/lib/toast';
import { Card } from '@/web/components/ui/card';
import { copyText } from '@/web/lib/copy-text';

/** A titled card of the lead's detail. */
export function DetailCard({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className}>
      <section aria-label={title} className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
        <h2 className="text-lg leading-tight font-semibold text-gray-900">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

/** Label and value pairs, in one column on phones and two from `sm` up. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-gray-600">{label}</dt>
      <dd className="-mt-2 min-w-0 break-words text-gray-900 sm:mt-0">{children}</dd>
    </div>
  );
}

/**
 * A keyed hash, shortened on screen: the whole value is in the tooltip, for screen readers and
 * behind the copy button, since it is what a regulator's question would be matched against.
 */
export function HashValue({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await copyText(value);
      toast.success(`${label} copied`);
    } catch {
      toast.error(`Could not copy. The ${label.toLowerCase()} is ${value}`);
    }
  };
  return (
    <span className="inline-flex max-w-full items-center gap-1.5">
      <code title={value} className="truncate rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-800">
        <span aria-hidden="true">{value.slice(0, 12)}…</span>
        <span className="sr-only">{value}</span>
      </code>
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded-sm p-1 text-gray-600 hover:text-indigo-700"
        aria-label={`Copy ${label.toLowerCase()}`}
      >
        <Copy aria-hidden="true" className="size-3.5" />
      </button>
    </span>
  );
}
