import { Info, X } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';

/**
 * ?template= named no template. Said on the page, not in a toast: a toast raised while the app
 * mounts can fire before the toaster listens, and the owner would find a blank editor unexplained.
 */
export function UnknownTemplateNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
    >
      <p className="flex items-start gap-2">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          That template does not exist, so you are starting from a blank page.{' '}
          <Link to="/templates" className="font-semibold underline underline-offset-4">
            Browse templates
          </Link>
        </span>
      </p>
      <Button type="button" size="icon" variant="ghost" className="-my-1.5 size-8" onClick={onDismiss} aria-label="Dismiss">
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
