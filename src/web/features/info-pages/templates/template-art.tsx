import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  FileText,
  Gem,
  GraduationCap,
  Magnet,
  Mail,
  MonitorPlay,
  Newspaper,
  Presentation,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { Template } from '@/domain/templates';
import { designTheme } from '@/landing/design-theme';
import { submitLabel } from '@/landing/submit-label';
import { cn } from '@/web/lib/cn';

/** The illustration key of each template (Template.image) and the icon that stands for it. */
const ICONS: Record<string, LucideIcon> = {
  magnet: Magnet,
  premium: Gem,
  course: GraduationCap,
  ebook: BookOpen,
  whitepaper: FileText,
  report: ChartColumn,
  newsletter: Mail,
  calendar: CalendarDays,
  news: Newspaper,
  webinar: Video,
  workshop: Presentation,
  demo: MonitorPlay,
};

/** The template's icon, drawn from the fixed table above. */
function TemplateIcon({ template, className }: { template: Template; className?: string }) {
  const Icon = ICONS[template.image] ?? FileText;
  return <Icon className={className} />;
}

/**
 * A small drawing of the template's landing page in the template's own design (its colours,
 * background and font, through the same theme as the page itself): its icon and title, one input per
 * field (up to three) and the button with its words. Decorative: the card's text says what the
 * template is.
 */
export function TemplateArt({ template, className }: { template: Template; className?: string }) {
  const theme = designTheme(template.config.design);
  const inputs = Math.min(template.config.fields.length, 3);
  return (
    <div
      aria-hidden="true"
      className={cn('grid place-items-center overflow-hidden px-6 py-5', className)}
      style={{ background: theme.background, fontFamily: theme.font }}
    >
      <div className="grid w-full max-w-[14rem] gap-2.5">
        <div className="flex min-w-0 items-center justify-center gap-2">
          <span
            className="grid size-6 shrink-0 place-items-center rounded-md"
            style={{ background: theme.button, color: theme.buttonText }}
          >
            <TemplateIcon template={template} className="size-3.5" />
          </span>
          <span className="truncate text-xs font-bold" style={{ color: theme.heading }}>
            {template.config.title}
          </span>
        </div>
        <div className="rounded-xl bg-white p-3 shadow-lg ring-1 ring-black/5">
          <div className="grid gap-1.5">
            {Array.from({ length: inputs }, (_, i) => (
              <span key={i} className="h-4 rounded-md border border-gray-300 bg-white" />
            ))}
            <span
              className="mt-1 block truncate rounded-md px-2 text-center text-[0.625rem] leading-5 font-bold"
              style={{
                background: theme.button,
                color: theme.buttonText,
                boxShadow: theme.buttonEdge ? `inset 0 0 0 1px ${theme.buttonEdge}` : undefined,
              }}
            >
              {submitLabel(template.config)}
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
