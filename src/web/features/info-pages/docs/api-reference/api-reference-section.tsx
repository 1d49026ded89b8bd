import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from '@/web/lib/router';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { GUIDE_SECTIONS } from './guide-sections';
import { apiBaseUrl, loadOpenApiDocument } from './openapi-source';

// Scalar (a Vue app with its own styles, several hundred KB) is fetched only when this page opens.
const ScalarReference = lazy(() => import('./scalar-reference'));

/**
 * Below the API Reference article: how to call the API (base URL, key, links to the article's
 * sections), then the interactive reference rendered from the OpenAPI document.
 */
export function ApiReferenceSection() {
  const documentQuery = useQuery({ queryKey: ['openapi-document'], queryFn: () => loadOpenApiDocument(), staleTime: 60_000 });

  return (
    <section aria-labelledby="reference-title" className="mx-auto mt-14 max-w-7xl">
      <div className="mx-auto max-w-5xl rounded-2xl border border-indigo-100 bg-indigo-50/60 p-5 sm:p-6">
        <h2 id="reference-title" className="flex items-center gap-2 text-xl font-semibold text-gray-900">
          <KeyRound aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
          Calling the API
        </h2>
        <dl className="mt-4 grid gap-4 text-sm text-gray-700 md:grid-cols-2">
          <div className="min-w-0">
            <dt className="font-medium text-gray-900">Base URL</dt>
            <dd className="mt-1">
              <code className="block rounded-md bg-white px-2 py-1 font-mono text-[0.8125rem] break-all text-gray-900 ring-1 ring-gray-200">
                {apiBaseUrl(window.location.origin)}
              </code>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-gray-900">Every request</dt>
            <dd className="mt-1">
              <code className="block rounded-md bg-white px-2 py-1 font-mono text-[0.8125rem] break-all text-gray-900 ring-1 ring-gray-200">
                Authorization: Bearer &lt;key&gt;
              </code>
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-gray-700">
          Create keys in{' '}
          <Link to="/settings/integrations" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Settings › Integrations
          </Link>
          . API access comes with the{' '}
          <Link to="/pricing" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Business plan
          </Link>
          .
        </p>
        <nav aria-label="API guide" className="mt-4">
          <p className="text-sm font-medium text-gray-900">Read first</p>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {GUIDE_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-block rounded-full bg-white px-3 py-1 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-100"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {documentQuery.data && (
          <p className="mt-4 text-sm text-gray-700">
            The reference below is generated from the API&rsquo;s OpenAPI description,{' '}
            <a href={documentQuery.data.url} className="font-mono text-indigo-700 underline hover:text-indigo-900">
              {documentQuery.data.url}
            </a>
            , which you can also feed to a client generator.
          </p>
        )}
      </div>

      <div className="mt-8 min-w-0 overflow-hidden rounded-2xl border border-gray-200" data-testid="api-reference">
        {documentQuery.isPending ? (
          <ReferenceLoading />
        ) : documentQuery.isError ? (
          <ErrorState
            title="Could not load the API reference"
            error={documentQuery.error}
            onRetry={() => void documentQuery.refetch()}
            retrying={documentQuery.isRefetching}
            className="m-6"
          />
        ) : (
          <Suspense fallback={<ReferenceLoading />}>
            <ScalarReference document={documentQuery.data.document} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

function ReferenceLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-24 text-gray-700">
      <Spinner className="size-5 text-indigo-600" />
      Loading the API reference...
    </div>
  );
}
