import { LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { EditablePages } from '@/domain/plan-usage';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { Link } from '@/web/lib/router';
import { useKeepPages } from './api';

const displayName = (name: string) => name.trim() || 'Untitled form';

/** The pages of a workspace over its plan, to tick the ones the owner keeps editing (kept-pages-card.tsx). */
export function KeptPagesChoice({ pages, limit }: { pages: EditablePages; limit: number }) {
  const titleId = useId();
  const [chosen, setChosen] = useState(() => new Set(pages.pages.filter((p) => p.editable).map((p) => p.id)));
  const keep = useKeepPages();
  const tooMany = chosen.size > limit;
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const save = () =>
    keep.mutate([...chosen], {
      onSuccess: () => toast.success('Saved: you can edit the pages you chose.'),
      onError: (error) => toast.error(error.message),
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-6">
      <div className="flex items-start gap-2.5">
        <LockKeyhole aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg leading-tight font-semibold text-amber-950">
            Choose the pages you keep editing
          </h2>
          <p className="text-sm text-amber-900">
            {`This workspace has ${pages.total} pages and its plan allows ${limit}. All of them stay live and keep taking sign-ups, but only ${limit} can be edited. Choose which, or `}
            <Link to="/settings/billing" className="font-semibold underline underline-offset-4">
              upgrade
            </Link>
            {'. Pages you do not keep can still be deleted.'}
          </p>
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="sr-only">Pages to keep editing</legend>
        {pages.pages.map((page) => (
          <div key={page.id} className="flex items-center gap-3 rounded-lg bg-white px-3 py-2">
            <input
              id={`keep-${page.id}`}
              type="checkbox"
              className="size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
              checked={chosen.has(page.id)}
              onChange={(e) => toggle(page.id, e.target.checked)}
            />
            <label htmlFor={`keep-${page.id}`} className="min-w-0 flex-1 truncate text-sm text-gray-900">
              {displayName(page.name)}
            </label>
            <Badge variant={page.editable ? 'success' : 'neutral'}>{page.editable ? 'Editable' : 'Locked'}</Badge>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={save} disabled={chosen.size === 0 || tooMany || keep.isPending} aria-busy={keep.isPending}>
          {keep.isPending && <Spinner />}
          Keep these pages
        </Button>
        <p className={tooMany ? 'text-sm font-medium text-red-700' : 'text-sm text-amber-900'} aria-live="polite">
          {tooMany ? `Choose at most ${limit}.` : `${chosen.size} of ${limit} chosen.`}
        </p>
      </div>
    </section>
  );
}
