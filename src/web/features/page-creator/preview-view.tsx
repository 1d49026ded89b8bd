import { Eye, ExternalLink, Monitor, Rocket, Smartphone } from 'lucide-react';
import { useState } from 'react';
import type { FormConfig } from '@/domain/form-config';
import { LandingPage, LandingStyles } from '@/landing/landing-page';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { PreviewFrame } from '@/web/components/preview-frame';

export const MOBILE_PREVIEW_WIDTH = 375;

type PreviewViewProps = {
  /** null until a preview is requested. */
  config: FormConfig | null;
  onBackToEditor: () => void;
  onPublish: () => void;
  onOpenStandalone: () => void;
  publishing: boolean;
};

/** SPEC §2 Preview view: empty until a preview is requested, then the page on desktop or mobile. */
export function PreviewView({ config, onBackToEditor, onPublish, onOpenStandalone, publishing }: PreviewViewProps) {
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');

  if (!config) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <Eye aria-hidden="true" className="size-10 text-gray-400" />
          <h2 className="text-lg font-semibold text-gray-900">No preview available</h2>
          <p className="max-w-sm text-sm text-gray-700">
            Fill in the basic info and upload your PDF, then press Preview to see your page as visitors will.
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
        <div role="group" aria-label="Preview device" className="inline-flex w-full rounded-lg bg-gray-100 p-1 sm:w-auto">
          {(
            [
              { value: 'desktop', label: 'Desktop', Icon: Monitor },
              { value: 'mobile', label: `Mobile Preview (${MOBILE_PREVIEW_WIDTH}px)`, Icon: Smartphone },
            ] as const
          ).map(({ value, label, Icon }) => (
            <button
              key={value}
              type="button"
              aria-pressed={device === value}
              onClick={() => setDevice(value)}
              className={cn(
                'inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:flex-none',
                device === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-700 hover:text-gray-900',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
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
      <p className="text-sm text-gray-600">
        This is how visitors will see your page. Submitting here stores nothing, and your custom script does not run in the
        preview.
      </p>
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
          style={device === 'mobile' ? { width: MOBILE_PREVIEW_WIDTH + 16, maxWidth: '100%' } : undefined}
        >
          <PreviewFrame
            title={device === 'mobile' ? 'Landing page preview, mobile' : 'Landing page preview, desktop'}
            className="w-full"
          >
            {/* In a landmark of its own, the page's header is not a second banner next to the app's. */}
            <main aria-label="Landing page preview">
              <LandingStyles />
              <LandingPage config={config} mode="preview" />
            </main>
          </PreviewFrame>
        </div>
      </div>
    </div>
  );
}
