import { X } from 'lucide-react';
import { useState } from 'react';
import { checkNewEmbedOrigin, MAX_EMBED_ORIGINS, normalizeEmbedOrigins } from '@/domain/embed-origins';
import type { FormConfig } from '@/domain/form-config';
import { EmbedSnippetBox } from '@/web/components/embed-snippet-box';
import { Button } from '@/web/components/ui/button';
import { SiteEntry } from '@/web/components/site-entry';
import { useFormDetail } from '@/web/features/forms';
import { useSearchParams } from '@/web/lib/router';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type EmbedSectionProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
};

/**
 * "Embed on your site": the sites that may show the page in a frame (no one else may), and, for a
 * saved page, the code to paste there. The sites apply once the page is published.
 */
export function EmbedSection({ config, errors, onChange }: EmbedSectionProps) {
  const origins = config.embedOrigins ?? [];
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string>();
  const error = entryError ?? errors.embedOrigins;

  const add = () => {
    const checked = checkNewEmbedOrigin(entry, origins);
    if ('error' in checked) return setEntryError(checked.error);
    onChange({ embedOrigins: normalizeEmbedOrigins([...origins, checked.origin]) });
    setEntry('');
    setEntryError(undefined);
  };

  return (
    <section aria-labelledby="creator-embed-heading" className="grid gap-4 border-t border-gray-200 pt-5">
      <div className="grid gap-1">
        <h3 id="creator-embed-heading" className="text-base font-semibold text-gray-900">
          Embed on your site
        </h3>
        <p className="text-sm text-gray-600">
          Show this page inside a page of your own website. Only the sites you list may show it; browsers refuse everyone else.
          Changes here apply once you publish.
        </p>
      </div>

      {origins.length > 0 && (
        <ul aria-label="Sites that may embed this page" className="grid gap-2">
          {origins.map((origin) => (
            <li key={origin} className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-1.5">
              <span className="min-w-0 font-mono text-sm break-all text-gray-900">{origin}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove ${origin}`}
                onClick={() => onChange({ embedOrigins: origins.filter((o) => o !== origin) })}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <SiteEntry
        id="creator-embed-origin"
        label="Add a site"
        action="Add"
        value={entry}
        onValueChange={(value) => {
          setEntry(value);
          setEntryError(undefined);
        }}
        onAdd={add}
        error={error}
        hint={
          <>
            The site&apos;s address only, like https://example.com or https://shop.example.com:8443. http:// works for localhost,
            to try it out. Up to {MAX_EMBED_ORIGINS} sites.
          </>
        }
      />

      <EmbedCode title={config.title} language={config.language} />
    </section>
  );
}

/** The code to paste, once the page has an address (a page being edited); a new page gets it after publishing. */
function EmbedCode({ title, language }: { title: string; language: string }) {
  const [params] = useSearchParams();
  const formId = params.get('edit');
  const detail = useFormDetail(formId);
  if (!formId) {
    return <p className="text-sm text-gray-700">The embed code appears here once you have published the page.</p>;
  }
  if (!detail.data) return null;
  return (
    <div className="grid gap-2">
      <EmbedSnippetBox
        id="creator-embed-code"
        publicUrl={detail.data.publicUrl}
        title={title || detail.data.name}
        language={language}
      />
      {!detail.data.published && <p className="text-sm text-gray-700">The frame shows the page once you publish it.</p>}
    </div>
  );
}
