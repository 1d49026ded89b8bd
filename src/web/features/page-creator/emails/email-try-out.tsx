import { useMutation } from '@tanstack/react-query';
import { Eye, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { EmailPreview, EmailTestSent } from '@/domain/email-copy-api';
import { ErrorCode } from '@/domain/api-errors';
import { FormAlert } from '@/web/components/form-alert';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api';

/** What went wrong, for the owner: a signed-out owner is told how to sign in, anything else as the server says it. */
export function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.code === ErrorCode.UNAUTHORIZED)
    return 'Sign in to preview your emails and send yourself a test (Save & Publish asks you to).';
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * "Preview" (the server's rendering in a sandboxed frame) and "Send me a test" for one email, as
 * typed now (`body`): the visitor emails' and each follow-up's. `name` tells the buttons and the frame
 * apart from the editor's own Preview button and the other emails' ("the delivery email", "email 2").
 */
export function EmailTryOut<Body>({
  body,
  name,
  preview: render,
  test: send,
  note,
  subjectTestId,
}: {
  body: Body;
  name: string;
  preview: (body: Body) => Promise<EmailPreview>;
  test: (body: Body) => Promise<EmailTestSent>;
  /** Said under the headers, e.g. the sample values the preview fills in. */
  note?: ReactNode;
  subjectTestId?: string;
}) {
  const preview = useMutation({ mutationFn: render });
  const test = useMutation({ mutationFn: send });
  const [previewedFor, setPreviewedFor] = useState('');
  const current = JSON.stringify(body);
  const shown = preview.data;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={preview.isPending}
          aria-label={`Preview ${name}`}
          onClick={() => {
            setPreviewedFor(current);
            preview.mutate(body);
          }}
        >
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={test.isPending}
          aria-label={`Send me a test of ${name}`}
          onClick={() => test.mutate(body)}
        >
          <Send aria-hidden="true" />
          {test.isPending ? 'Sending…' : 'Send me a test'}
        </Button>
      </div>
      {test.isSuccess && <FormAlert tone="success">Test sent to {test.data.to}. It should arrive within a minute.</FormAlert>}
      {test.isError && <FormAlert>{problemOf(test.error)}</FormAlert>}
      {preview.isError && <FormAlert>{problemOf(preview.error)}</FormAlert>}
      {shown && !preview.isError && (
        <EmailPreviewShown
          name={name}
          preview={shown}
          stale={previewedFor !== current}
          note={note}
          subjectTestId={subjectTestId}
        />
      )}
    </div>
  );
}

/** The server's rendering of an email: its headers, and the HTML in a frame that runs nothing of it. */
export function EmailPreviewShown({
  name,
  preview,
  stale,
  note,
  subjectTestId,
}: {
  name: string;
  preview: EmailPreview;
  stale: boolean;
  note?: ReactNode;
  subjectTestId?: string;
}) {
  return (
    <div className="grid gap-2 rounded-lg border border-gray-200 p-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">From</dt>
        <dd className="break-all text-gray-900">{preview.from}</dd>
        <dt className="text-gray-600">Reply-To</dt>
        <dd className="break-all text-gray-900">{preview.replyTo ?? 'None'}</dd>
        <dt className="text-gray-600">Subject</dt>
        <dd className="font-medium text-gray-900" data-testid={subjectTestId}>
          {preview.subject}
        </dd>
      </dl>
      {stale && (
        <p className="text-sm text-amber-800">You changed this email since this preview: preview it again to see the change.</p>
      )}
      {note && <p className="text-xs text-gray-600">{note}</p>}
      <iframe
        sandbox=""
        srcDoc={preview.html}
        title={`Preview of ${name}`}
        className="h-[480px] w-full rounded-md border border-gray-200 bg-white"
      />
    </div>
  );
}
