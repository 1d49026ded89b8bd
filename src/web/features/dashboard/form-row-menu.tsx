import { AppWindow, ChartLine, Code, Copy, Eye, Link2, MoreHorizontal, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import { formMessages } from '@/domain/form-messages';
import { ErrorCode } from '@/domain/api-errors';
import type { FormSummary } from '@/domain/forms-api';
import { formAnalyticsPath, formSitePath } from '@/domain/app-paths';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Spinner } from '@/web/components/ui/spinner';
import { useDuplicateForm, useSetFormStatus } from '@/web/features/forms';
import { ApiError } from '@/web/lib/api';
import { copyText } from '@/web/lib/copy-text';
import { EmbedFormDialog } from './embed-form-dialog';
import { displayName } from './format';

export type FormRowActionsProps = {
  form: FormSummary;
  /** Asks for confirmation before deleting (the dialog lives with the table); focus returns to `trigger`. */
  onDelete: (form: FormSummary, trigger: HTMLElement | null) => void;
};

type FormRowMenuProps = FormRowActionsProps & {
  /** Open at once: the owner pressed the stand-in while this module downloaded. */
  defaultOpen: boolean;
  /** The stand-in had focus: its replacement takes it. */
  focusTrigger: boolean;
};

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** The "…" menu of one row of the 'Your Forms' table (loaded on demand by form-row-actions.tsx). */
export function FormRowMenu({ form, onDelete, defaultOpen, focusTrigger }: FormRowMenuProps) {
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const setStatus = useSetFormStatus();
  const duplicate = useDuplicateForm();
  const name = displayName(form.name);
  const nextStatus = form.status === 'active' ? 'inactive' : 'active';
  const [embedding, setEmbedding] = useState(false);
  // Only on mount (the stand-in it replaces was focused then); an open menu takes focus itself.
  const [initialFocus] = useState(focusTrigger && !defaultOpen);
  useLayoutEffect(() => {
    if (initialFocus) triggerRef.current?.focus();
  }, [initialFocus]);

  const copyLink = async () => {
    try {
      await copyText(form.publicUrl);
      toast.success(
        formMessages.linkCopied,
        form.published ? undefined : { description: 'This form is not published yet: the link works once you publish it.' },
      );
    } catch {
      toast.error(`Could not copy the link. Its address is ${form.publicUrl}`);
    }
  };

  const toggleStatus = () =>
    setStatus.mutate(
      { id: form.id, status: nextStatus },
      {
        onSuccess: () => toast.success(nextStatus === 'active' ? `"${name}" is now active` : `"${name}" is now inactive`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  const editPath = (id: string) => `/page-creator?edit=${encodeURIComponent(id)}`;

  // The copy joins the list (newest first), unpublished; the toast leads to it in the page creator.
  // Awaited rather than mutate's callbacks, which never run if the refetched list moves this row away.
  const duplicateForm = async () => {
    try {
      const copy = await duplicate.mutateAsync(form.id);
      toast.success(`"${displayName(copy.name)}" created`, {
        description: 'A copy of this page, not published yet.',
        action: { label: 'Edit', onClick: () => navigate(editPath(copy.id)) },
      });
    } catch (err) {
      const overLimit = err instanceof ApiError && err.code === ErrorCode.PLAN_LIMIT;
      toast.error(
        errorMessage(err),
        overLimit ? { action: { label: 'See plans', onClick: () => navigate('/settings/billing') } } : undefined,
      );
    }
  };

  return (
    <>
      {/* Not modal: a modal menu that opens the delete dialog would leave the page inert behind it. */}
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="icon" aria-label={`Actions for ${name}`} className="size-9">
            {setStatus.isPending || duplicate.isPending ? <Spinner /> : <MoreHorizontal aria-hidden="true" />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => navigate(formAnalyticsPath(form.id))}>
            <ChartLine aria-hidden="true" />
            View analytics
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => window.open(`/preview?id=${encodeURIComponent(form.id)}`, '_blank', 'noopener')}>
            <Eye aria-hidden="true" />
            Preview
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void copyLink()}>
            <Link2 aria-hidden="true" />
            Copy Link
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setEmbedding(true)}>
            <Code aria-hidden="true" />
            Embed
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(formSitePath(form.id))}>
            <AppWindow aria-hidden="true" />
            Put it on your site
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(editPath(form.id))}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem disabled={duplicate.isPending} onSelect={() => void duplicateForm()}>
            <Copy aria-hidden="true" />
            Duplicate
          </DropdownMenuItem>
          {/* A draft goes online by publishing it (Edit), not by switching it on. */}
          {form.published && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem disabled={setStatus.isPending} onSelect={toggleStatus}>
                {nextStatus === 'active' ? <Power aria-hidden="true" /> : <PowerOff aria-hidden="true" />}
                {nextStatus === 'active' ? 'Activate' : 'Deactivate'}
              </DropdownMenuItem>
            </>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(form, triggerRef.current)}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EmbedFormDialog
        form={embedding ? form : null}
        onClose={() => setEmbedding(false)}
        returnFocus={() => triggerRef.current?.focus()}
      />
    </>
  );
}
