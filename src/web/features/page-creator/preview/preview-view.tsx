import { Eye, ExternalLink, Rocket } from 'lucide-react';
import { useState } from 'react';
import { badgeUrl, showsBadge } from '@/domain/branding';
import { abTestOn, variantConfig } from '@/domain/ab-test';
import type { AbVariant } from '@/domain/ab-variants';
import type { FormConfig } from '@/domain/form-config';
import type { PreviewContent } from '@/web/features/page-creator/editor/editor-model';
import { LandingPage, LandingStyles } from '@/landing/landing-page';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import {
  MOBILE_PREVIEW_WIDTH,
  PHONE_FRAME_STYLE,
  PreviewDeviceToggle,
  type PreviewDevice,
} from '@/web/components/preview-device';
import { PreviewFrame } from '@/web/components/preview-frame';
import { useWorkspacePlan } from '@/web/features/team';
import { usePageWords } from '@/web/lib/page-words';

type PreviewViewProps = {
  config: FormConfig;
  /** What there is to show (editor-model previewContent). */
  content: PreviewContent;
  onBackToEditor: () => void;
  /** Back to the editor with what publishing still needs shown under its inputs. */
  onShowStillNeeded: () => void;
  onPublish: () => void;
  onOpenStandalone: () => void;
  publishing: boolean;
};

/**
 * docs/product.md#preview: the page as filled in so far, on desktop or mobile, the same whether the
 * owner chose the tab or pressed Preview (decision 0061). Only a page with nothing to show yet says
 * so, naming what it lacks.
 */
export function PreviewView({
  config,
  content,
  onBackToEditor,
  onShowStillNeeded,
  onPublish,
  onOpenStandalone,
  publishing,
}: PreviewViewProps) {
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [variant, setVariant] = useState<AbVariant>('a');
  const plan = useWorkspacePlan();
  const words = usePageWords(config.language);

  if (content.kind === 'nothing') {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <Eye aria-hidden="true" className="size-10 text-gray-400" />
          <h2 className="text-lg font-semibold text-gray-900">Nothing to preview yet</h2>
          <p className="max-w-sm text-sm text-gray-700">
            Your page has no title and no description yet. Add them on the Basic Info tab to see your page as visitors will.
          </p>
          <Button type="button" variant="outline" className="mt-2" onClick={onBackToEditor}>
            Back to Editor
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PreviewDeviceToggle
          device={device}
          onChange={setDevice}
          mobileLabel={`Mobile Preview (${MOBILE_PREVIEW_WIDTH}px)`}
          className="w-full sm:w-auto"
          buttonClassName="whitespace-nowrap sm:flex-none"
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onOpenStandalone}>
            <ExternalLink />
            Open full preview
          </Button>
          <Button type="button" variant="outline" onClick={onBackToEditor}>
            Back to Editor
          </Button>
          <Button type="button" onClick={onPublish} disabled={publishing}>
            <Rocket />
            Publish Landing Page
          </Button>
        </div>
      </div>
      {content.stillNeeded.length > 0 && (
        <section
          aria-labelledby="creator-still-needed"
          className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <h2 id="creator-still-needed" className="font-semibold">
            Before you can publish
          </h2>
          <ul className="list-disc pl-5">
            {content.stillNeeded.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={onShowStillNeeded}>
              Show me where
            </Button>
          </div>
        </section>
      )}
      <p className="text-sm text-gray-600">
        This is how visitors will see your page. Submitting here stores nothing, and your custom script does not run in the
        preview.
      </p>
      {abTestOn(config) && <VariantToggle variant={variant} onChange={setVariant} />}
      <div
        className={cn(
          'overflow-hidden rounded-2xl border border-gray-200 bg-gray-100',
          device === 'mobile' && 'flex justify-center px-2 py-6',
        )}
      >
        <div
          data-testid="preview-frame"
          className={cn(
            'w-full bg-white',
            device === 'mobile' && 'overflow-hidden rounded-[2rem] border-8 border-gray-900 shadow-xl',
          )}
          style={device === 'mobile' ? PHONE_FRAME_STYLE : undefined}
        >
          <PreviewFrame
            title={device === 'mobile' ? 'Landing page preview, mobile' : 'Landing page preview, desktop'}
            className="w-full"
          >
            {/* In a landmark of its own, the page's header is not a second banner next to the app's. */}
            <main aria-label="Landing page preview">
              <LandingStyles />
              <LandingPage
                t={words}
                config={abTestOn(config) ? variantConfig(config, variant) : config}
                mode="preview"
                badgeHref={showsBadge(plan, config) ? badgeUrl(window.location.origin) : undefined}
              />
            </main>
          </PreviewFrame>
        </div>
      </div>
    </div>
  );
}

/** With an A/B test on: which variant the preview shows (A, the page; B, the test's title, description and design). */
function VariantToggle({ variant, onChange }: { variant: AbVariant; onChange: (variant: AbVariant) => void }) {
  return (
    <div role="group" aria-label="A/B test variant" className="inline-flex w-fit rounded-lg bg-gray-100 p-1">
      {(['a', 'b'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={variant === value}
          onClick={() => onChange(value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
            variant === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-700 hover:text-gray-900',
          )}
        >
          {value === 'a' ? 'Variant A (the page)' : 'Variant B'}
        </button>
      ))}
    </div>
  );
}
