import { SiteEntry } from '@/web/components/site-entry';
import { useAllowedSites } from '@/web/features/forms';

/**
 * "Allow your site" in the Embed dialog: checked like the editor's setting, and saved on the published
 * page at once (no publishing), so the code just copied works on that site.
 */
export function AllowSiteForm({ formId, sites, published }: { formId: string; sites: string[]; published: boolean }) {
  const allowed = useAllowedSites(formId, sites);
  return (
    <div className="grid gap-1.5">
      <SiteEntry
        id="embed-dialog-site"
        label="Allow your site"
        action="Allow"
        value={allowed.entry}
        onValueChange={allowed.setEntry}
        onAdd={allowed.add}
        pending={allowed.pending}
        error={allowed.error}
        hint={
          <>
            The address of the site you paste the code into, like https://example.com.{' '}
            {published ? 'It may show the page at once: no need to publish again.' : 'It applies once you publish the page.'}
          </>
        }
      />
      {allowed.done && (
        <p role="status" className="text-sm text-green-800">
          {allowed.done}
        </p>
      )}
    </div>
  );
}
