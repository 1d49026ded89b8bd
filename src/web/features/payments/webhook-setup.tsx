import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/web/lib/toast';
import { formMessages } from '@/domain/form-messages';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { copyText } from '@/web/lib/copy-text';

/** The read-only webhook address to register with the provider, with a Copy button. */
export function WebhookUrlField({ id, url, providerName }: { id: string; url: string; providerName: string }) {
  const copy = async () => {
    try {
      await copyText(url);
      toast.success(formMessages.linkCopied);
    } catch {
      toast.error(`Could not copy the link. Its address is ${url}`);
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="sr-only">
        {providerName} webhook URL
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="bg-gray-50 font-mono text-sm sm:text-sm"
        />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copy ${providerName} webhook URL`}>
          <Copy aria-hidden="true" />
          <span className="max-sm:sr-only">Copy</span>
        </Button>
      </div>
    </div>
  );
}

/** The webhook events to select, one per line, as the provider spells them. */
export function WebhookEventList({ events, label }: { events: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-1">
      {events.map((event) => (
        <li key={event}>
          <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs break-all text-gray-800 sm:text-sm">{event}</code>
        </li>
      ))}
    </ul>
  );
}

/** Numbered set-up steps; each item is a paragraph and, optionally, what goes with it. */
export function SetupSteps({ children }: { children: ReactNode }) {
  return (
    <ol className="grid list-decimal gap-4 pl-5 text-sm text-gray-700 marker:font-semibold marker:text-gray-900">{children}</ol>
  );
}
