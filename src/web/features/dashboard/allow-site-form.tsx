import { useState } from 'react';
import { checkNewEmbedOrigin, normalizeEmbedOrigins } from '@/domain/embed-origins';
import { SiteEntry } from '@/web/components/site-entry';
import { useSetEmbedOrigins } from '@/web/features/forms';
import { ApiError } from '@/web/lib/api';

/**
 * "Allow your site" in the Embed dialog: checked like the editor's setting, and saved on the published
 * page at once (no publishing), so the code just copied works on that site.
 */
export function AllowSiteForm({ formId, sites, published }: { formId: string; sites: string[]; published: boolean }) {
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<string>();
  const [allowed, setAllowed] = useState<string>();
  const save = useSetEmbedOrigins();

  const add = () => {
    const checked = checkNewEmbedOrigin(entry, sites);
    if ('error' in checked) return setError(checked.error);
    save.mutate(
      { id: formId, embedOrigins: normalizeEmbedOrigins([...sites, checked.origin]) },
      {
        onSuccess: () => {
          setAllowed(checked.origin);
          setEntry('');
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? (failure.errors.embedOrigins ?? failure.message) : 'Something went wrong.'),
      },
    );
  };

  return (
    <div className="grid gap-1.5">
      <SiteEntry
        id="embed-dialog-site"
        label="Allow your site"
        action="Allow"
        value={entry}
        onValueChange={(value) => {
          setEntry(value);
          setError(undefined);
          setAllowed(undefined);
        }}
        onAdd={add}
        pending={save.isPending}
        error={error}
        hint={
          <>
            The address of the site you paste the code into, like https://example.com.{' '}
            {published ? 'It may show the page at once: no need to publish again.' : 'It applies once you publish the page.'}
          </>
        }
      />
      {allowed && (
        <p role="status" className="text-sm text-green-800">
          {allowed} may show this page now.
        </p>
      )}
    </div>
  );
}
