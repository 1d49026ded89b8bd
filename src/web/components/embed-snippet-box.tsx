import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { embedSnippet } from '@/domain/embed-snippet';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { copyText } from '@/web/lib/copy-text';
import { usePageWords } from '@/web/lib/page-words';

type EmbedSnippetBoxProps = {
  id: string;
  /** The page's public address, `{PUBLIC_URL}/f/{id}`. */
  publicUrl: string;
  title: string;
  /** The page's language: the frame's title and the link for sites without script speak it. */
  language: string | undefined;
};

/** The embed code of a page, read-only, with a Copy button. */
export function EmbedSnippetBox({ id, publicUrl, title, language }: EmbedSnippetBoxProps) {
  const snippet = embedSnippet({ publicUrl, title, t: usePageWords(language) });
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(snippet);
      setCopied(true);
      toast.success('Embed code copied to clipboard!');
    } catch {
      toast.error('Could not copy the code. Select it and copy it yourself.');
    }
  };
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>Embed code</Label>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Textarea
        id={id}
        readOnly
        rows={6}
        value={snippet}
        spellCheck={false}
        className="font-mono text-xs sm:text-xs"
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        Paste it into your site&apos;s HTML where the form should appear. The frame fits the page&apos;s height by itself; without
        script it keeps a fixed height and still works.
      </p>
    </div>
  );
}
