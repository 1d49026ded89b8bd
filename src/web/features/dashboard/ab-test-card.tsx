import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { variantName } from '@/domain/ab-variants';
import type { AbTestResults } from '@/domain/ab-test-results';
import type { FormDetail } from '@/domain/forms-api';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formKeys } from '@/web/features/forms';
import { apiFetch } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { formatCount, formatDateTime, formatPercent } from './format';

const COLUMNS = ['Variant', 'Shows', 'Views', 'Leads', 'Conversion'] as const;

/** The page's A/B test results (GET /api/forms/:id/ab-test), under the forms' keys so they refresh with them. */
const useAbTestResults = (formId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...formKeys.analytics(formId), 'ab-test'],
    queryFn: () => apiFetch<AbTestResults>(`/api/forms/${encodeURIComponent(formId)}/ab-test`),
    enabled,
  });

/**
 * The page's A/B test: each variant's views, leads and conversion since the test started, the
 * confidence that they really differ, and the verdict in plain words. Shown once the page runs a
 * test or has run one.
 */
export function AbTestCard({ form }: { form: FormDetail | undefined }) {
  const headingId = useId();
  const configured = Boolean(form?.published?.abTest?.enabled || form?.draft.abTest?.enabled);
  const results = useAbTestResults(form?.id ?? '', form !== undefined);
  const data = results.data;
  if (!form || (!configured && !data?.startedAt)) return null;

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex items-start gap-3">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-gray-900">
            A/B test
          </h2>
          <p className="mt-1 text-sm text-gray-700">{data ? status(data) : <Skeleton className="h-4 w-72 max-w-full" />}</p>
        </div>
      </div>

      {results.isError ? (
        <ErrorState
          className="mt-4"
          title="Could not load the A/B test results"
          error={results.error}
          onRetry={() => void results.refetch()}
          retrying={results.isRefetching}
        />
      ) : data?.startedAt ? (
        <>
          <p
            className={cn(
              'mt-4 rounded-lg border p-3 text-sm font-medium',
              data.verdict.kind === 'winner'
                ? 'border-green-200 bg-green-50 text-green-900'
                : 'border-gray-200 bg-gray-50 text-gray-900',
            )}
          >
            {data.verdict.text}
          </p>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Views, leads and conversion of each variant since the test started</caption>
              <thead>
                <tr className="border-b border-gray-200 text-gray-700">
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={cn('px-3 py-2 font-medium', column !== 'Variant' && column !== 'Shows' && 'text-right')}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.variants.map((row) => (
                  <tr key={row.variant} className="border-b border-gray-100 last:border-0">
                    <th scope="row" className="px-3 py-2 font-semibold text-gray-900">
                      {variantName(row.variant)}
                      {data.verdict.winner === row.variant && (
                        <span className="ml-2 text-xs font-medium text-green-700">Better</span>
                      )}
                    </th>
                    <td className="max-w-[16rem] truncate px-3 py-2 text-gray-700">
                      {shows(form, row.variant, data.running ? data.split : null)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.views)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.leads)}</td>
                    <td className="px-3 py-2 text-right font-medium tabular-nums">{formatPercent(row.conversionRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-gray-600">
            {data.confidence === null
              ? 'The confidence shows once both variants have views and sign-ups.'
              : `Confidence that the two really convert differently: ${data.confidence}%. A winner is named at 95% or more, once each variant has at least 100 views.`}{' '}
            Conversion is leads per view, counted since the test started.
          </p>
        </>
      ) : data ? (
        <p className="mt-4 text-sm text-gray-700">Publish the page to start the test: its results show here.</p>
      ) : (
        <Skeleton className="mt-4 h-24 w-full" />
      )}
    </Card>
  );
}

function status(data: AbTestResults): string {
  const since = data.startedAt ? formatDateTime(data.startedAt) : null;
  if (data.running) return `Running since ${since}: ${100 - data.split}% of visitors see A (the page), ${data.split}% see B.`;
  return since
    ? `Off. These are the figures of the last test, which started ${since}.`
    : 'Set up in the editor; not published yet.';
}

/** What each variant shows, in a few words: its title, and its share of visitors while the test runs. */
function shows(form: FormDetail, variant: 'a' | 'b', split: number | null): string {
  const config = form.published ?? form.draft;
  const title = (variant === 'b' && config.abTest?.title.trim() ? config.abTest.title : config.title).trim() || 'Untitled';
  return split === null ? title : `${title} (${variant === 'b' ? split : 100 - split}%)`;
}
