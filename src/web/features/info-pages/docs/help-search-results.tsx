import { SearchX } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { useAllArticles } from './articles';
import { queryTerms, searchArticles } from './search';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The snippet with every query word marked. */
function Highlighted({ text, terms }: { text: string; terms: string[] }): ReactNode {
  if (terms.length === 0) return text;
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  return text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-gray-900">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

/** What the Help Center shows while a query is typed: the matching articles and tutorials. */
export function HelpSearchResults({ query, onClear }: { query: string; onClear: () => void }) {
  const { data: articles, error, isPending, isError, refetch, isRefetching } = useAllArticles(true);
  const hits = useMemo(() => (articles ? searchArticles(articles, query) : []), [articles, query]);
  const terms = queryTerms(query);
  const shown = query.trim();

  if (isError) {
    return (
      <div className="mx-auto mt-10 max-w-2xl">
        <ErrorState title="Could not load the articles" error={error} onRetry={() => void refetch()} retrying={isRefetching} />
      </div>
    );
  }

  return (
    <section aria-labelledby="help-search-results" className="mx-auto mt-10 max-w-3xl">
      <h2 id="help-search-results" className="sr-only">
        Search results
      </h2>
      <p role="status" className="text-sm text-gray-700">
        {isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4 text-indigo-600" /> Searching...
          </span>
        ) : hits.length > 0 ? (
          `${hits.length} ${hits.length === 1 ? 'article matches' : 'articles match'} “${shown}”`
        ) : (
          ''
        )}
      </p>
      {!isPending && hits.length === 0 && (
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-gray-400" />
          <p className="mt-3 text-lg font-semibold text-gray-900">No articles match “{shown}”</p>
          <p className="mt-1 max-w-md text-gray-700">
            Try a different word, browse the{' '}
            <Link to="/docs" className="font-medium text-indigo-700 underline underline-offset-4">
              documentation
            </Link>
            , or{' '}
            <Link to="/contact" className="font-medium text-indigo-700 underline underline-offset-4">
              contact support
            </Link>
            .
          </p>
          <Button type="button" variant="outline" className="mt-6" onClick={onClear}>
            Clear search
          </Button>
        </div>
      )}
      {hits.length > 0 && (
        <ul className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
          {hits.map(({ article, snippet }) => (
            <li key={article.path} className="relative p-5 hover:bg-gray-50">
              <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
                {article.kind === 'tutorials' ? 'Tutorial' : 'Documentation'}
              </p>
              <h3 className="mt-1 font-semibold text-gray-900">
                <Link to={article.path} className="after:absolute after:inset-0 hover:text-indigo-700">
                  {article.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-gray-700">
                <Highlighted text={snippet} terms={terms} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
