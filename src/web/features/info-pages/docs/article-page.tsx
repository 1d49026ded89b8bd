import { ArrowLeft, ArrowRight, Clock, LifeBuoy } from 'lucide-react';
import { Link, useParams } from '@/web/lib/router';
import { isDocSlug, isTutorialSlug, TUTORIALS } from '@/domain/docs';
import { buttonVariants } from '@/web/components/ui/button';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { NotFoundPage } from '@/web/features/not-found';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { InfoPageLayout } from '@/web/features/info-pages/info-page-layout';
import { ApiReferenceSection } from './api-reference/api-reference-section';
import { useArticle, type Article, type ArticleKind } from './articles';
import { MarkdownArticle } from './markdown';
import { TableOfContents } from './table-of-contents';

/** /docs/:slug — one documentation article. Unknown slugs get the 404 screen. */
export function DocArticlePage() {
  const { slug } = useParams();
  if (!isDocSlug(slug)) return <NotFoundPage />;
  return <ArticleScreen key={slug} kind="docs" slug={slug} />;
}

/** /tutorials/:slug — one written tutorial. Unknown slugs get the 404 screen. */
export function TutorialArticlePage() {
  const { slug } = useParams();
  if (!isTutorialSlug(slug)) return <NotFoundPage />;
  return <ArticleScreen key={slug} kind="tutorials" slug={slug} />;
}

const TRAILS: Record<ArticleKind, Array<{ label: string; to: string }>> = {
  docs: [{ label: 'Documentation', to: '/docs' }],
  tutorials: [
    { label: 'Documentation', to: '/docs' },
    { label: 'Tutorials', to: '/tutorials' },
  ],
};

function ArticleScreen({ kind, slug }: { kind: ArticleKind; slug: string }) {
  const { data: article, error, isPending, isError, refetch, isRefetching } = useArticle(kind, slug);
  if (isPending) return <ArticleLoading />;
  if (isError) return <ArticleError error={error} onRetry={() => void refetch()} retrying={isRefetching} />;
  if (!article) return <NotFoundPage />;
  return <ArticleView article={article} />;
}

function ArticleLoading() {
  useDocumentTitle('Documentation', 'Loading a Lodestone documentation article.');
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 py-24 text-gray-700">
      <Spinner className="size-5 text-indigo-600" />
      Loading article...
    </div>
  );
}

function ArticleError(props: { error: unknown; onRetry: () => void; retrying: boolean }) {
  useDocumentTitle('Documentation', 'This documentation article could not be loaded.');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16">
      <h1 className="sr-only">Documentation</h1>
      <ErrorState title="Could not load this article" {...props} />
    </div>
  );
}

function ArticleView({ article }: { article: Article }) {
  // The API Reference article is followed by the interactive reference (full width), then the help box.
  const reference = article.kind === 'docs' && article.slug === 'api-reference';
  return (
    <InfoPageLayout title={article.title} description={article.description} trail={TRAILS[article.kind]} wide>
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-14">
        <div className="min-w-0 lg:order-2">
          <div className="lg:sticky lg:top-24">
            {article.duration && (
              <p className="mb-6 inline-flex items-center gap-2 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800">
                <Clock aria-hidden="true" className="size-4" />
                <span>
                  <span className="sr-only">Duration: </span>
                  {article.duration}
                </span>
              </p>
            )}
            <TableOfContents headings={article.headings} />
          </div>
        </div>
        <article className="min-w-0 lg:order-1">
          <MarkdownArticle body={article.body} />
          {article.kind === 'tutorials' && <TutorialPager slug={article.slug} />}
          {!reference && <StillHaveQuestions />}
        </article>
      </div>
      {reference && (
        <>
          <ApiReferenceSection />
          <div className="mx-auto max-w-5xl">
            <StillHaveQuestions />
          </div>
        </>
      )}
    </InfoPageLayout>
  );
}

function StillHaveQuestions() {
  return (
    <div className="mt-14 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-gray-50 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <LifeBuoy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <div>
          <p className="font-semibold text-gray-900">Still have questions?</p>
          <p className="text-sm text-gray-700">Search the Help Center or ask our support team.</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/help" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Help Center
        </Link>
        <Link to="/contact" className={buttonVariants({ size: 'sm' })}>
          Contact Support
        </Link>
      </div>
    </div>
  );
}

/** Previous and next tutorial, in the order the Documentation page lists them. */
function TutorialPager({ slug }: { slug: string }) {
  const index = TUTORIALS.findIndex((t) => t.slug === slug);
  const previous = TUTORIALS[index - 1];
  const next = TUTORIALS[index + 1];
  return (
    <nav aria-label="More tutorials" className="mt-14 grid gap-3 sm:grid-cols-2">
      {previous ? (
        <Link
          to={`/tutorials/${previous.slug}`}
          className="group rounded-xl border border-gray-200 p-4 hover:border-indigo-300 hover:bg-indigo-50/50"
        >
          <span className="flex items-center gap-1 text-sm text-gray-600">
            <ArrowLeft aria-hidden="true" className="size-4" /> Previous tutorial
          </span>
          <span className="mt-1 block font-semibold text-gray-900 group-hover:text-indigo-700">{previous.title}</span>
        </Link>
      ) : (
        <Link
          to="/tutorials"
          className="group rounded-xl border border-gray-200 p-4 hover:border-indigo-300 hover:bg-indigo-50/50"
        >
          <span className="flex items-center gap-1 text-sm text-gray-600">
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to
          </span>
          <span className="mt-1 block font-semibold text-gray-900 group-hover:text-indigo-700">All tutorials</span>
        </Link>
      )}
      {next && (
        <Link
          to={`/tutorials/${next.slug}`}
          className="group rounded-xl border border-gray-200 p-4 text-right hover:border-indigo-300 hover:bg-indigo-50/50"
        >
          <span className="flex items-center justify-end gap-1 text-sm text-gray-600">
            Next tutorial <ArrowRight aria-hidden="true" className="size-4" />
          </span>
          <span className="mt-1 block font-semibold text-gray-900 group-hover:text-indigo-700">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
