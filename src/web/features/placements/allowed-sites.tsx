import { X } from 'lucide-react';
import { useState } from 'react';
import { checkNewEmbedOrigin, normalizeEmbedOrigins } from '@/domain/embed-origins';
import type { FormDetail } from '@/domain/forms-api';
import { SiteEntry } from '@/web/components/site-entry';
import { Button } from '@/web/components/ui/button';
import { useSetEmbedOrigins } from '@/web/features/forms';
import { ApiError } from '@/web/lib/api';

/**
 * The sites that may show the page (its embedOrigins: frame-ancestors and the loader's own origin
 * check), added and removed here as in the Embed dialog: saved on the published page at once.
 */
export function AllowedSites({ form, readOnly }: { form: FormDetail; readOnly: boolean }) {
  const published = form.published !== null;
  // What the published page allows now; before publishing, what it will.
  const sites = form.published ? (form.published.embedOrigins ?? []) : (form.draft.embedOrigins ?? []);
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const save = useSetEmbedOrigins();

  const saveSites = (embedOrigins: string[], message: string, after?: () => void) =>
    save.mutate(
      { id: form.id, embedOrigins },
      {
        onSuccess: () => {
          setDone(message);
          after?.();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? (failure.errors.embedOrigins ?? failure.message) : 'Something went wrong.'),
      },
    );

  const add = () => {
    const checked = checkNewEmbedOrigin(entry, sites);
    if ('error' in checked) return setError(checked.error);
    saveSites(normalizeEmbedOrigins([...sites, checked.origin]), `${checked.origin} may show this page now.`, () => setEntry(''));
  };

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
                  disabled={save.isPending}
                  aria-label={`Remove ${site}`}
                  onClick={() => {
                    setError(undefined);
                    saveSites(
                      sites.filter((s) => s !== site),
                      `${site} can no longer show this page.`,
                    );
                  }}
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
          value={entry}
          onValueChange={(value) => {
            setEntry(value);
            setError(undefined);
            setDone(undefined);
          }}
          onAdd={add}
          pending={save.isPending}
          error={error}
          hint={
            <>
              The address of the site you paste the snippet into, like https://example.com.{' '}
              {published ? 'Changes take effect at once: no need to publish again.' : 'It applies once you publish the page.'}
            </>
          }
        />
      )}
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
    </div>
  );
}
