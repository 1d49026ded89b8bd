import { ArrowLeft, Eye } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '@/web/lib/router';
import { badgeUrl, showsBadge } from '@/domain/branding';
import type { FormConfig } from '@/domain/form-config';
import { formMessages } from '@/domain/form-messages';
import type { FormDetail } from '@/domain/forms-api';
import { LandingPage, LandingStyles } from '@/landing/landing-page';
import { RequireSession } from '@/web/app/require-session';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { NotFoundPage } from '@/web/features/not-found';
import { ApiError } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useFormDetail } from '@/web/features/forms';
import { useWorkspacePlan } from '@/web/features/team';
import { usePageWords } from '@/web/lib/page-words';
import { LocalImageUrlsProvider } from '@/web/components/local-image-urls';
import { configFromState, imagesFromState, type PreviewState } from './preview-state';

const pageTitle = (config: FormConfig) => `Preview: ${config.title.trim() || 'Untitled landing page'}`;

/** /preview: the creator's configuration from navigation state, or `?id=` the owner's saved form. */
export function PreviewPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const stateConfig = useMemo(() => configFromState(location.state), [location.state]);
  const stateImages = useMemo(() => imagesFromState(location.state), [location.state]);
  const id = params.get('id');

  if (stateConfig) {
    return (
      <LocalImageUrlsProvider images={stateImages}>
        <CreatorPreview config={stateConfig} />
      </LocalImageUrlsProvider>
    );
  }
  if (id) {
    return (
      <RequireSession>
        <SavedFormPreview id={id} />
      </RequireSession>
    );
  }
  return <NoConfiguration />;
}

function CreatorPreview({ config }: { config: FormConfig }) {
  const location = useLocation();
  const navigate = useNavigate();

  const exit = () => {
    // Back through history when the creator opened this page, so the editor comes back as it was;
    // otherwise (a reload in a fresh tab) to the creator, with the same configuration.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate('/page-creator', { state: location.state as PreviewState });
  };

  return <PreviewShell config={config} onExit={exit} />;
}

function SavedFormPreview({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data, error, isPending, isError, refetch, isRefetching } = useFormDetail(id);

  if (isError && error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (isError) {
    return (
      <PreviewStatus>
        <div className="mx-auto w-full max-w-2xl px-4 py-16">
          <h1 className="sr-only">Preview</h1>
          <ErrorState title="Could not load this form" error={error} onRetry={() => void refetch()} retrying={isRefetching} />
        </div>
      </PreviewStatus>
    );
  }
  if (isPending) {
    return (
      <PreviewStatus>
        <div role="status" className="flex flex-1 items-center justify-center gap-2 py-24 text-gray-700">
          <Spinner className="size-5 text-indigo-600" />
          Loading preview...
        </div>
      </PreviewStatus>
    );
  }
  return (
    <PreviewShell
      config={data.draft}
      onExit={() => navigate(`/page-creator?edit=${encodeURIComponent(data.id)}`)}
      detail={savedVersionNote(data)}
    />
  );
}

/** Which version the preview shows: always the saved draft, which may differ from what visitors see. */
function savedVersionNote(form: FormDetail): string {
  if (!form.published) return 'Showing your saved draft: this page is not published yet.';
  if (JSON.stringify(form.draft) !== JSON.stringify(form.published)) {
    return 'Showing your saved changes, which are not published yet.';
  }
  return 'Showing the page as published.';
}

type PreviewShellProps = { config: FormConfig; onExit: () => void; detail?: string };

/** The preview bar above the landing page exactly as visitors will see it. */
function PreviewShell({ config, onExit, detail }: PreviewShellProps) {
  useDocumentTitle(pageTitle(config), 'A preview of your landing page as visitors will see it.');
  const plan = useWorkspacePlan();
  const words = usePageWords(config.language);
  return (
    // The page's own background (a dark one, say) reaches the footer however short the page is.
    <div className="flex flex-1 flex-col bg-gray-50 [&>.ls-page]:flex-1">
      <section aria-label="Preview notice" className="z-40 border-b sm:sticky sm:top-16 border-indigo-200 bg-indigo-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-start gap-2.5">
            <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700" />
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-indigo-950">This is a preview of your landing page</p>
              <p className="text-indigo-900">
                {detail && `${detail} `}
                Nothing submitted here is saved. Custom scripts and tracking pixels run only on the published page.
              </p>
            </div>
          </div>
          <Button variant="outline" size="sm" onClick={onExit} className="self-start sm:self-auto">
            <ArrowLeft aria-hidden="true" />
            Exit Preview
          </Button>
        </div>
      </section>
      <LandingStyles />
      <LandingPage
        t={words}
        config={config}
        mode="preview"
        badgeHref={showsBadge(plan, config) ? badgeUrl(window.location.origin) : undefined}
      />
    </div>
  );
}

/** Loading and error screens of a saved form's preview, under the tab title 'Preview'. */
function PreviewStatus({ children }: { children: ReactNode }) {
  useDocumentTitle('Preview', 'Preview a landing page before you publish it.');
  return children;
}

function NoConfiguration() {
  useDocumentTitle('Preview', 'Preview a landing page before you publish it.');
  return (
    <div className="flex flex-1 items-center justify-center bg-gray-50 px-4 py-24">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-gray-900">Preview</h1>
        <p className="mt-3 text-gray-700">{formMessages.noConfiguration}</p>
        <Link to="/page-creator" className={buttonVariants({ className: 'mt-6' })}>
          Go to Page Creator
        </Link>
      </div>
    </div>
  );
}
