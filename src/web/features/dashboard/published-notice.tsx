import { CircleCheck, Copy, ExternalLink, X } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/web/lib/toast';
import { formMessages } from '@/domain/form-messages';
import type { FormDetail } from '@/domain/forms-api';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api';
import { copyText } from '@/web/lib/copy-text';
import { useFormDetail } from '@/web/features/forms';
import { displayName } from './format';
import type { PublishedPage } from './published-state';

type PublishedNoticeProps = { page: PublishedPage; onDismiss: () => void };

/**
 * "Your page is live": its public link (the API's publicUrl), ready to copy and share. Only while the
 * page is live: once the owner deactivates or deletes it (here or elsewhere), the notice goes.
 */
export function PublishedNotice(props: PublishedNoticeProps) {
  const { data: form, error } = useFormDetail(props.page.id);
  const deleted = error instanceof ApiError && error.status === 404;
  if (deleted || form?.status !== 'active' || form.published === null) return null;
  return <LiveNotice page={form} onDismiss={props.onDismiss} />;
}

function LiveNotice({ page, onDismiss }: { page: Pick<FormDetail, 'name' | 'publicUrl'>; onDismiss: () => void }) {
  const linkId = useId();
  const name = displayName(page.name);
  const copy = async () => {
    try {
      await copyText(page.publicUrl);
      toast.success(formMessages.linkCopied);
    } catch {
      toast.error(`Could not copy the link. Its address is ${page.publicUrl}`);
    }
  };
  return (
    <section
      aria-label="Published page"
      className="flex flex-col gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <div className="min-w-0">
          <p className="font-semibold text-emerald-950">{`"${name}" is live. Share its link:`}</p>
          <a
            id={linkId}
            href={page.publicUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-0.5 block truncate font-mono text-sm text-emerald-900 underline underline-offset-4 hover:text-emerald-950"
          >
            {page.publicUrl}
          </a>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button type="button" size="sm" onClick={() => void copy()} aria-describedby={linkId}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={page.publicUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open
          </a>
        </Button>
        <Button type="button" size="icon" variant="ghost" className="size-9" onClick={onDismiss} aria-label="Dismiss">
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
