import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { englishT } from '@/domain/i18n/english';
import { DEFAULT_LANGUAGE } from '@/domain/i18n/languages';
import { reseedPage } from '@/domain/i18n/seeds';
import { pageWords } from '@/web/lib/page-words';
import { useSearchParams } from '@/web/lib/router';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { templateConfig } from '@/domain/templates';
import { RequireSession } from '@/web/app/require-session';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { useFormToEdit } from '@/web/features/forms';
import { NotFoundPage } from '@/web/features/not-found';
import { usePageDefaults } from '@/web/features/workspace-privacy';
import { ApiError } from '@/web/lib/api';
import { authClient } from '@/web/lib/auth-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { PageCreator } from './page-creator';

/** /page-creator: a new page (optionally from ?template={slug}) or, with ?edit={id}, a saved form. */
export function PageCreatorPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  if (editId) {
    return (
      <RequireSession>
        <EditForm key={editId} editId={editId} />
      </RequireSession>
    );
  }
  const slug = params.get('template');
  return <NewForm key={slug ?? ''} templateSlug={slug} />;
}

/**
 * A new page starts from the template (or Lodestone's defaults) and, signed in, from the workspace's
 * own defaults (its privacy-policy address, its language, its address checks and its captcha). The creator takes
 * its baseline once, so it waits for them; a draft kept in the browser still wins over the baseline (use-draft.ts).
 */
function NewForm({ templateSlug }: { templateSlug: string | null }) {
  const fromTemplate = useMemo(() => (templateSlug ? templateConfig(templateSlug) : undefined), [templateSlug]);
  const unknownTemplate = Boolean(templateSlug) && fromTemplate === undefined;
  const session = authClient.useSession();
  const signedIn = Boolean(session.data);
  const defaults = usePageDefaults(signedIn);
  const privacyPolicyUrl = defaults.data?.privacyPolicyUrl ?? '';
  const language = defaults.data?.language ?? DEFAULT_LANGUAGE;
  const addressChecks = defaults.data?.addressChecks;
  const captcha = defaults.data?.captcha;
  const words = useQuery({ queryKey: ['page-words', language], queryFn: () => pageWords(language), staleTime: Infinity });
  const baseline = useMemo<FormConfig>(() => {
    let config = fromTemplate ?? defaultFormConfig();
    if (privacyPolicyUrl) config = { ...config, privacyPolicyUrl };
    if (addressChecks) config = { ...config, addressChecks };
    if (captcha) config = { ...config, captcha };
    // The workspace's language, with the words Lodestone wrote into the page in it.
    if (words.data && language !== config.language) config = { ...reseedPage(config, englishT, words.data), language };
    return config;
  }, [fromTemplate, privacyPolicyUrl, addressChecks, captcha, language, words.data]);
  // Defaults that cannot be loaded leave the field empty to type, as before: the page is not held up.
  const ready = !session.isPending && (!signedIn || (!defaults.isPending && !words.isPending));
  // Taken once: signing up at the creator's gate must not unmount the page being published.
  const [started, setStarted] = useState<FormConfig | null>(null);
  if (started === null && ready) setStarted(baseline);
  const start = started ?? (ready ? baseline : null);
  if (!start) return <Loading />;
  return <PageCreator editId={null} baseline={start} unknownTemplate={unknownTemplate} />;
}

function Loading() {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 py-24 text-gray-700">
      <Spinner className="size-5 text-indigo-600" />
      Loading...
    </div>
  );
}

function EditForm({ editId }: { editId: string }) {
  const detail = useFormToEdit(editId);
  useDocumentTitle('Edit Landing Page', 'Loading your landing page for editing.');

  if (detail.isPending || (detail.isFetching && !detail.isFetchedAfterMount)) {
    return <Loading />;
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFoundPage />;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12">
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">Edit Landing Page</h1>
        <ErrorState
          title="This form could not be loaded"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </div>
    );
  }
  return <PageCreator editId={editId} baseline={detail.data.draft} />;
}
