import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from '@/web/lib/router';
import { findTemplate, type Template } from '@/domain/templates';
import { LandingPage, LandingStyles } from '@/landing/landing-page';
import { Badge } from '@/web/components/ui/badge';
import { buttonVariants } from '@/web/components/ui/button';
import { PHONE_FRAME_STYLE, PreviewDeviceToggle, type PreviewDevice } from '@/web/components/preview-device';
import { PreviewFrame } from '@/web/components/preview-frame';
import { NotFoundPage } from '@/web/features/not-found';
import { cn } from '@/web/lib/cn';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { priceLabel, templateCreatorPath } from './template-card';

/** /template-preview/:slug — a template's page through the visitors' landing-page component. */
export function TemplatePreviewPage() {
  const { slug = '' } = useParams();
  const template = findTemplate(slug);
  if (!template) return <NotFoundPage />;
  return <TemplatePreview key={template.slug} template={template} />;
}

function TemplatePreview({ template }: { template: Template }) {
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  useDocumentTitle(`${template.title} template preview`, `Preview the ${template.title} template: ${template.description}`);
  const price = priceLabel(template);

  return (
    <div className="flex flex-1 flex-col bg-gray-50">
      <div className="border-b border-gray-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
          <Link
            to="/templates"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-700 hover:text-indigo-700"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Templates
          </Link>
          <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="info">{template.category}</Badge>
                {template.popular && <Badge variant="warning">Popular</Badge>}
                {price ? <Badge variant="neutral">Paid · {price}</Badge> : <Badge variant="success">Free</Badge>}
              </div>
              <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900">{template.title} template</h1>
              <p className="mt-1 max-w-2xl text-gray-700">{template.description}</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <PreviewDeviceToggle device={device} onChange={setDevice} />
              <Link to={templateCreatorPath(template.slug)} className={buttonVariants({ size: 'lg' })}>
                Use Template
              </Link>
            </div>
          </div>
          <p className="mt-4 text-sm text-gray-600">
            This is the page your visitors see. In the page creator you add your business name and file and change anything you
            like; submitting this preview stores nothing.
          </p>
        </div>
      </div>

      <div className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8', device === 'mobile' && 'flex justify-center')}>
        <div
          className={cn(
            'w-full overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm',
            device === 'mobile' && 'rounded-[2rem] border-8 border-gray-900 shadow-xl',
          )}
          style={device === 'mobile' ? PHONE_FRAME_STYLE : undefined}
        >
          <PreviewFrame title={`${template.title} template, ${device} preview`} className="w-full">
            <main aria-label="Landing page preview">
              <LandingStyles />
              <LandingPage config={template.config} mode="preview" />
            </main>
          </PreviewFrame>
        </div>
      </div>
    </div>
  );
}
