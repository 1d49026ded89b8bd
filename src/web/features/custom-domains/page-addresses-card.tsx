import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { type DomainPageView, SLUG_MAX_LENGTH } from '@/domain/custom-domains';
import { FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useSetSlug } from './api.js';

/** A placeholder host while no domain is verified: the addresses read the same once one is. */
export const PLACEHOLDER_HOST = 'your-domain';

/** "Page addresses": each published page's path on the workspace's domains, `https://{host}/{slug}`. */
export function PageAddressesCard({ pages, host, manages }: { pages: DomainPageView[]; host: string; manages: boolean }) {
  return (
    <Card role="region" aria-labelledby="page-addresses-heading" className="grid gap-5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="page-addresses-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Link2 aria-hidden="true" className="size-5 text-indigo-600" />
          Page addresses
        </h2>
        <p className="text-sm text-gray-600">
          Give a published page a short path on your domains, such as https://{host}/free-guide. It works on every verified domain
          of this workspace, and the page&apos;s Lodestone link keeps working too.
        </p>
      </div>
      {pages.length === 0 ? (
        <p className="text-sm text-gray-700">Publish a page to give it an address here.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Published pages">
          {pages.map((page) => (
            <li key={page.formId} className="p-3 sm:p-4">
              {manages ? (
                <SlugForm page={page} host={host} />
              ) : (
                <div className="grid gap-0.5">
                  <p className="font-medium break-words text-gray-900">{page.title}</p>
                  <p className="text-sm break-all text-gray-700">
                    {page.slug ? `https://${host}/${page.slug}` : 'No address yet'}
                  </p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** One page's path: saved with PUT /api/forms/:id/slug; empty removes it. */
function SlugForm({ page, host }: { page: DomainPageView; host: string }) {
  const save = useSetSlug();
  const [slug, setSlug] = useState(page.slug ?? '');
  const [error, setError] = useState<string | undefined>();
  const id = `slug-${page.formId}`;
  const typed = slug.trim();
  const unchanged = typed === (page.slug ?? '');
  return (
    <form
      noValidate
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        const next = typed === '' ? null : typed;
        save.mutate(
          { formId: page.formId, slug: next },
          {
            onSuccess: (saved) => {
              setSlug(saved.slug ?? '');
              toast.success(saved.slug ? `Address of ${page.title} saved` : `Address of ${page.title} removed`);
            },
            onError: (err) => setError((err instanceof ApiError && err.errors.slug) || err.message),
          },
        );
      }}
    >
      <Label htmlFor={id} className="break-words">
        {page.title}
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-w-0 flex-1 basis-40 items-stretch">
          {/* From sm up; on a phone the address under the field says it all. */}
          <span
            aria-hidden="true"
            className="hidden max-w-[60%] shrink-0 items-center rounded-l-lg border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-600 sm:flex"
          >
            <span className="truncate">https://{host}/</span>
          </span>
          <Input
            id={id}
            value={slug}
            maxLength={SLUG_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="free-guide"
            onChange={(e) => setSlug(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className="sm:rounded-l-none"
          />
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending || unchanged} aria-busy={save.isPending}>
          {save.isPending && <Spinner />}
          Save<span className="sr-only"> the address of {page.title}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm break-all text-gray-600">
        {typed ? `https://${host}/${typed}` : 'No address: leave empty to use only the page’s Lodestone link.'}
      </p>
      <FieldError id={id} error={error} />
    </form>
  );
}
