import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { formAnalyticsPath } from '@/domain/app-paths';
import type { FormDetail } from '@/domain/forms-api';
import type { PlacementDisplay } from '@/domain/placements';
import { can } from '@/domain/team';
import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { displayName } from '@/web/features/dashboard';
import { useFormDetail } from '@/web/features/forms';
import { useMe } from '@/web/features/team';
import { ApiError } from '@/web/lib/api';
import { Link, useParams } from '@/web/lib/router';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useCreatePlacement, usePlacements } from './api';
import { newPlacementSettings } from './placement-draft';
import { PlacementList } from './placement-list';
import { PlacementWorkspace } from './placement-workspace';

/** /dashboard/forms/:id/site — "Put it on your site": the page's placements, their code, preview and allowed sites. */
export function PlacementsPage() {
  const { id = '' } = useParams();
  return (
    <RequireSession>
      <PlacementsContent key={id} id={id} />
    </RequireSession>
  );
}

function PlacementsContent({ id }: { id: string }) {
  const detail = useFormDetail(id);
  const placements = usePlacements(id);
  const role = useMe().data?.workspace.role;
  // Until the role is known, nothing to change is offered.
  const readOnly = role === undefined || !can(role, 'editPages');
  const form = detail.data;
  const name = form ? displayName(form.name) : undefined;
  const missing = [detail.error, placements.error].some((e) => e instanceof ApiError && e.status === 404);
  useDocumentTitle(
    name ? `${name} · Put it on your site` : missing ? 'Form not found' : 'Put it on your site',
    'Show a landing page on your own site: inline, as a popup, a slide-in or a bar.',
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb parent={{ label: name ?? 'Form', to: formAnalyticsPath(id) }} current="Put it on your site" />
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Put it on your site</h1>
        <p className="mt-2 max-w-3xl text-gray-700">
          {name ? <>Show “{name}” on your own website</> : 'Show this page on your own website'}: inside your page, as a popup, a
          slide-in or a bar, from one small script. Sign-ups count on this page, with where they came from.
        </p>
      </div>

      {missing ? (
        <Card className="flex flex-col items-center gap-3 px-4 py-16 text-center">
          <h2 className="text-2xl font-bold text-gray-900">This form was not found.</h2>
          <p className="text-gray-700">It may have been deleted, or it belongs to another workspace.</p>
          <Link to="/dashboard" className={buttonVariants({ className: 'mt-2' })}>
            Back to Dashboard
          </Link>
        </Card>
      ) : detail.isError || placements.isError ? (
        <ErrorState
          title="Could not load this page's placements"
          error={detail.error ?? placements.error}
          onRetry={() => void Promise.all([detail.refetch(), placements.refetch()])}
          retrying={detail.isRefetching || placements.isRefetching}
        />
      ) : !form || !placements.data ? (
        <div aria-busy="true" className="grid gap-4">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-96 w-full" />
          <span className="sr-only">Loading the placements...</span>
        </div>
      ) : (
        <Placements form={form} readOnly={readOnly} />
      )}
    </div>
  );
}

function Placements({ form, readOnly }: { form: FormDetail; readOnly: boolean }) {
  const placements = usePlacements(form.id).data ?? [];
  const create = useCreatePlacement(form.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = placements.find((p) => p.id === chosen) ?? placements[0] ?? null;
  const publicOrigin = new URL(form.publicUrl).origin;

  const add = (display: PlacementDisplay) =>
    create.mutate(newPlacementSettings(display), {
      onSuccess: (placement) => {
        setChosen(placement.id);
        toast.success(`“${placement.settings.name}” added`, { description: 'Set it up, then copy its snippet.' });
      },
      onError: (failure) => toast.error(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.'),
    });

  return (
    <>
      {form.published === null && (
        <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          This page is not published yet: the snippet works once it is published.{' '}
          <Link
            to={`/page-creator?edit=${encodeURIComponent(form.id)}`}
            className="inline-flex items-center gap-1 font-medium underline hover:text-amber-950"
          >
            <Pencil aria-hidden="true" className="size-3.5" />
            Edit and publish it
          </Link>
        </p>
      )}
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Placements</h2>
        </CardHeader>
        <CardContent>
          <PlacementList
            placements={placements}
            selectedId={selected?.id ?? null}
            onSelect={setChosen}
            onAdd={readOnly ? undefined : add}
            adding={create.isPending}
          />
        </CardContent>
      </Card>
      {selected && (
        <PlacementWorkspace
          key={`${selected.id} ${selected.updatedAt}`}
          form={form}
          placement={selected}
          publicOrigin={publicOrigin}
          readOnly={readOnly}
          onDeleted={() => setChosen(null)}
        />
      )}
    </>
  );
}
