import { useState, type FormEvent } from 'react';
import { MAX_EMBED_ORIGINS, normalizeEmbedOrigin, normalizeEmbedOrigins } from '@/domain/embed-origins';
import { describedBy, FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { useSetEmbedOrigins } from '@/web/features/forms';
import { ApiError } from '@/web/lib/api';

const INPUT_ID = 'embed-dialog-site';

/**
 * "Allow a site" in the Embed dialog: checked like the editor's setting, and saved on the published
 * page at once (no publishing), so the code just copied works on that site.
 */
export function AllowSiteForm({ formId, sites, published }: { formId: string; sites: string[]; published: boolean }) {
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<string>();
  const [allowed, setAllowed] = useState<string>();
  const save = useSetEmbedOrigins();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = normalizeEmbedOrigin(entry);
    if ('error' in checked) return setError(checked.error);
    if (sites.includes(checked.origin)) return setError(`${checked.origin} is already allowed`);
    if (sites.length >= MAX_EMBED_ORIGINS) return setError(`You can list at most ${MAX_EMBED_ORIGINS} sites`);
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
    <form noValidate onSubmit={submit} className="grid gap-1.5">
      <Label htmlFor={INPUT_ID}>Allow your site</Label>
      <div className="flex gap-2">
        <Input
          id={INPUT_ID}
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          maxLength={200}
          value={entry}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(INPUT_ID, { hint: true, error })}
          onChange={(event) => {
            setEntry(event.target.value);
            setError(undefined);
            setAllowed(undefined);
          }}
        />
        <Button type="submit" variant="outline" disabled={entry.trim() === '' || save.isPending}>
          {save.isPending && <Spinner />}
          Allow
        </Button>
      </div>
      <p id={`${INPUT_ID}-hint`} className="text-sm text-gray-600">
        The address of the site you paste the code into, like https://example.com.{' '}
        {published ? 'It may show the page at once: no need to publish again.' : 'It applies once you publish the page.'}
      </p>
      <FieldError id={INPUT_ID} error={error} />
      {allowed && (
        <p role="status" className="text-sm text-green-800">
          {allowed} may show this page now.
        </p>
      )}
    </form>
  );
}
