import type { FormSummary } from '@/domain/forms-api';
import { EmbedSnippetBox } from '@/web/components/embed-snippet-box';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useFormDetail } from '@/web/features/forms';
import { Link } from '@/web/lib/router';
import { AllowSiteForm } from './allow-site-form';
import { displayName } from './format';

type EmbedFormDialogProps = {
  /** The form whose embed code to show; the dialog is open while this is set. */
  form: FormSummary | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the row's menu button). */
  returnFocus: () => void;
};

/** The code that shows a page on the owner's own site, and which sites may (the published page's list). */
export function EmbedFormDialog({ form, onClose, returnFocus }: EmbedFormDialogProps) {
  const detail = useFormDetail(form?.id ?? null);
  const name = form ? displayName(form.name) : '';
  const published = detail.data?.published ?? null;
  const draftSites = detail.data?.draft.embedOrigins ?? [];
  // What the published page allows now; before publishing, what it will.
  const sites = published ? (published.embedOrigins ?? []) : draftSites;
  const unpublishedSites = published !== null && draftSites.join(' ') !== sites.join(' ');
  const editLink = form ? `/page-creator?edit=${encodeURIComponent(form.id)}` : '/page-creator';

  return (
    <Dialog open={form !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Embed “{name}” on your site</DialogTitle>
          <DialogDescription>
            Paste this code into a page of your website: the landing page shows inside it, and visitors sign up without leaving
            your site.
          </DialogDescription>
        </DialogHeader>
        {form && !detail.data ? (
          detail.isError ? (
            <p role="alert" className="text-sm text-red-700">
              The page could not be loaded. Close this and try again.
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
              <Spinner /> Loading...
            </p>
          )
        ) : form && detail.data ? (
          <>
            <EmbedSnippetBox
              id="dashboard-embed-code"
              publicUrl={detail.data.publicUrl}
              title={published?.title || name}
              language={(published ?? detail.data.draft).language}
            />
            {published === null ? (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                This page is not published yet: the frame shows it once you publish it.
              </p>
            ) : sites.length === 0 ? (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                No site may show this page yet: browsers refuse the frame everywhere. Allow your site below.
              </p>
            ) : (
              <div className="grid gap-1 text-sm text-gray-700">
                <p>These sites may show it:</p>
                <ul className="grid gap-0.5 pl-4">
                  {sites.map((site) => (
                    <li key={site} className="list-disc font-mono break-all">
                      {site}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <AllowSiteForm formId={form.id} sites={sites} published={published !== null} />
            {unpublishedSites && (
              <p className="text-sm text-gray-700">Your changes to the allowed sites apply once you publish them.</p>
            )}
          </>
        ) : null}
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={editLink}>Edit allowed sites</Link>
          </Button>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
