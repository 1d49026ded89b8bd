import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { accessRequestSchema, requestFileName } from '@/domain/data-requests';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useAccessRequest } from './api';
import { EraseSubjectDialog } from './erase-subject-dialog';
import { recordSummary } from './record-counts';
import { MembersOnly } from './members-only';
import { RequestLog } from './request-log';
import { saveJson } from './save-json';

/**
 * The owner answers a person's access or erasure request by their email address (never plan-gated).
 * `handles`: whether the member's role may (undefined while it loads).
 */
export function DataRequestsCard({ handles }: { handles: boolean | undefined }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [erasing, setErasing] = useState<string | null>(null);
  const access = useAccessRequest();

  /** The address as the server will read it, or an error shown under the field. */
  function checkedEmail(): string | null {
    const parsed = accessRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return null;
    }
    setError(undefined);
    return parsed.data.email;
  }

  async function download(event: FormEvent) {
    event.preventDefault();
    const subject = checkedEmail();
    if (!subject) return;
    try {
      const file = await access.mutateAsync(subject);
      saveJson(requestFileName('access', new Date(file.generatedAt)), file);
      toast.success('Their data is downloading', {
        description:
          file.leads.length > 0
            ? `${file.leads.length} ${file.leads.length === 1 ? 'lead' : 'leads'} found for ${subject}.`
            : `Nothing is held about ${subject}; the file says so.`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.errors.email) setError(err.errors.email);
      else toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  }

  function openErase() {
    const subject = checkedEmail();
    if (subject) setErasing(subject);
  }

  return (
    <Card className="grid gap-6 p-6">
      <form noValidate onSubmit={(e) => void download(e)} className="grid gap-5" aria-labelledby="data-requests-title">
        <div className="grid gap-1">
          <h2 id="data-requests-title" className="text-lg font-semibold text-gray-900">
            Data requests
          </h2>
          <p className="text-sm text-gray-600">
            When someone asks what you hold about them, or asks you to delete it (GDPR, CCPA, PDPA), enter their email address. It
            covers all your pages. Every request is logged with a receipt you can download.
          </p>
        </div>
        <fieldset disabled={!handles} className="grid min-w-0 gap-5">
          <TextField
            id="data-request-email"
            label="Their email address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
            className="max-w-sm"
          />
        </fieldset>
        <MembersOnly allowed={handles} note="Only the workspace’s owners, admins and editors can answer data requests.">
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={access.isPending}>
              {access.isPending && <Spinner />}
              {access.isPending ? 'Preparing…' : 'Download their data'}
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={openErase}
              className="border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800"
            >
              Erase…
            </Button>
          </div>
        </MembersOnly>
      </form>
      <EraseSubjectDialog
        email={erasing}
        onClose={() => setErasing(null)}
        onErased={(counts) => {
          toast.success(`${erasing ?? 'The address'} was erased`, { description: `Removed: ${recordSummary({ ...counts })}.` });
          setEmail('');
          setErasing(null);
        }}
      />
      <RequestLog />
    </Card>
  );
}
