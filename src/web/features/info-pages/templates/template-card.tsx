import { Eye, Sparkles } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { formatMoney } from '@/domain/money';
import type { Template } from '@/domain/templates';
import { Badge } from '@/web/components/ui/badge';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { isPaidTemplate } from './filter-templates';
import { TemplateArt } from './template-art';

export const templatePreviewPath = (slug: string) => `/template-preview/${encodeURIComponent(slug)}`;
export const templateCreatorPath = (slug: string) => `/page-creator?template=${encodeURIComponent(slug)}`;

/** What a paid template charges: its fixed price, or that visitors choose. */
export function priceLabel(template: Template): string | null {
  if (!isPaidTemplate(template)) return null;
  const { payment } = template.config;
  return payment.type === 'pwyw' ? 'Pay what you want' : `${formatMoney(payment.fixedAmount, payment.currency)} one-off`;
}

/** docs/product.md#templates, a template card: image, title, description, category and the Popular badge; Preview and Use Template. */
export function TemplateCard({ template }: { template: Template }) {
  const price = priceLabel(template);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <TemplateArt template={template} className="h-44" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="info">{template.category}</Badge>
          {template.popular && (
            <Badge variant="warning">
              <Sparkles aria-hidden="true" className="size-3" />
              Popular
            </Badge>
          )}
          {price ? <Badge variant="neutral">Paid · {price}</Badge> : <Badge variant="success">Free</Badge>}
        </div>
        <h3 className="mt-3 text-lg font-semibold text-gray-900">{template.title}</h3>
        <p className="mt-1 flex-1 text-sm leading-6 text-gray-700">{template.description}</p>
        <div className="mt-5 grid grid-cols-2 gap-2">
          <Link to={templatePreviewPath(template.slug)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Eye aria-hidden="true" />
            Preview<span className="sr-only"> {template.title}</span>
          </Link>
          <Link to={templateCreatorPath(template.slug)} className={buttonVariants({ size: 'sm' })}>
            Use Template<span className="sr-only"> {template.title}</span>
          </Link>
        </div>
      </div>
    </Card>
  );
}
