import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { copyText } from '@/web/lib/copy-text';

type CodeBoxProps = {
  id: string;
  label: string;
  code: string;
  /** What the toast calls it: "Code copied", "CSP lines copied". */
  copiedMessage: string;
};

/** A block of code to copy into the owner's site, read-only, with a Copy button. */
export function CodeBox({ id, label, code, copiedMessage }: CodeBoxProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(code);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      toast.error('Could not copy it. Select the text and copy it yourself.');
    }
  };
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-gray-900">
          {label}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-describedby={`${id}-label`}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {/* Long lines wrap (anywhere: a URL has no spaces); Copy copies them as they are. */}
      <pre
        id={id}
        className="rounded-lg border border-gray-200 bg-gray-50 p-3 font-mono text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap text-gray-900"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
