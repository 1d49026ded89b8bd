import { X } from 'lucide-react';
import type { FormDetail } from '@/domain/forms-api';
import { SiteEntry } from '@/web/components/site-entry';
import { Button } from '@/web/components/ui/button';
import { useAllowedSites } from '@/web/features/forms';

/**
 * The sites that may show the page (its embedOrigins: frame-ancestors and the loader's own origin
 * check), added and removed here as in the Embed dialog: saved on the published page at once.
 */
export function AllowedSites({ form, readOnly }: { form: FormDetail; readOnly: boolean }) {
  const published = form.published !== null;
  // What the published page allows now; before publishing, what it will.
  const sites = form.published ? (form.published.embedOrigins ?? []) : (form.draft.embedOrigins ?? []);
  const allowed = useAllowedSites(form.id, sites);

  return (
    <div className="grid gap-4">
      {sites.length === 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          No site may show this page yet: the snippet shows nothing anywhere until you allow your site.
        </p>
      ) : (
        <ul aria-label="Allowed sites" className="grid gap-1.5">
          {sites.map((site) => (
            <li key={site} className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-1.5">
              <span className="min-w-0 font-mono text-sm break-all">{site}</span>
              {!readOnly && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={allowed.pending}
                  aria-label={`Remove ${site}`}
                  onClick={() => allowed.remove(site)}
                >
                  <X aria-hidden="true" />
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <SiteEntry
          id="placements-site"
          label="Allow your site"
          action="Allow"
          value={allowed.entry}
          onValueChange={allowed.setEntry}
          onAdd={allowed.add}
          pending={allowed.pending}
          error={allowed.error}
          hint={
            <>
              The address of the site you paste the snippet into, like https://example.com.{' '}
              {published ? 'Changes take effect at once: no need to publish again.' : 'It applies once you publish the page.'}
            </>
          }
        />
      )}
      {allowed.done && (
        <p role="status" className="text-sm text-green-800">
          {allowed.done}
        </p>
      )}
    </div>
  );
}
