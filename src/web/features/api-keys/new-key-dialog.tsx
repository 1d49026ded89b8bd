import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { CreatedApiKey } from '@/domain/api-keys';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { copyText } from '@/web/lib/copy-text';

/** The new key, this once: a copy button and the warning that it will not be shown again. */
export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState<string>();

  const copy = async () => {
    if (!created) return;
    try {
      await copyText(created.key);
      setCopied(true);
      setCopyError(undefined);
    } catch {
      setCopyError('Could not copy: select the key and copy it yourself.');
    }
  };

  return (
    <AlertDialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Your new API key: {created?.name}</AlertDialogTitle>
          <AlertDialogDescription>
            Copy it now and keep it somewhere safe. It will not be shown again: Lodestone stores only a hash of it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <label htmlFor="new-api-key" className="text-sm font-medium text-gray-900">
            API key
          </label>
          <div className="flex min-w-0 gap-2">
            <input
              id="new-api-key"
              readOnly
              value={created?.key ?? ''}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900"
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p role="status" className="text-sm text-gray-600">
            {copyError ?? (copied ? 'Copied to the clipboard.' : '')}
          </p>
        </div>
        <AlertDialogFooter>
          <Button
            type="button"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            I have copied it
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
