import { History } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type DraftBannerProps = { savedAt: number; onRestore: () => void; onDiscard: () => void };

/** Offers the unsaved draft found in this browser. */
export function DraftBanner({ savedAt, onRestore, onDiscard }: DraftBannerProps) {
  return (
    <section
      aria-label="Unsaved draft"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm text-amber-900">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          You have an unsaved draft from <time dateTime={new Date(savedAt).toISOString()}>{timeFormat.format(savedAt)}</time>.
          Restore it to pick up where you left off.
        </span>
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
