import { ChartLine, Eye, Link2, MoreHorizontal, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from '@/web/lib/router';
import { toast } from 'sonner';
import { formMessages } from '@/domain/form-messages';
import type { FormSummary } from '@/domain/forms-api';
import { formAnalyticsPath } from '@/domain/app-paths';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Spinner } from '@/web/components/ui/spinner';
import { useSetFormStatus } from '@/web/features/forms';
import { copyText } from '@/web/lib/copy-text';
import { displayName } from './format';

type FormRowActionsProps = {
  form: FormSummary;
  /** Asks for confirmation before deleting (the dialog lives with the table); focus returns to `trigger`. */
  onDelete: (form: FormSummary, trigger: HTMLElement | null) => void;
};

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** The "…" menu of one row of the 'Your Forms' table. */
export function FormRowActions({ form, onDelete }: FormRowActionsProps) {
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const setStatus = useSetFormStatus();
  const name = displayName(form.name);
  const nextStatus = form.status === 'active' ? 'inactive' : 'active';

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

  return (
    // Not modal: a modal menu that opens the delete dialog would leave the page inert behind it.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label={`Actions for ${name}`} className="size-9">
          {setStatus.isPending ? <Spinner /> : <MoreHorizontal aria-hidden="true" />}
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
        <DropdownMenuItem onSelect={() => navigate(`/page-creator?edit=${encodeURIComponent(form.id)}`)}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={setStatus.isPending} onSelect={toggleStatus}>
          {nextStatus === 'active' ? <Power aria-hidden="true" /> : <PowerOff aria-hidden="true" />}
          {nextStatus === 'active' ? 'Activate' : 'Deactivate'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(form, triggerRef.current)}>
          <Trash2 aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
