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
import type { Template, TemplateCategory } from '@/domain/templates';
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

const TONES: Record<TemplateCategory, { backdrop: string; accent: string }> = {
  'Lead Generation': { backdrop: 'from-indigo-500 to-violet-600', accent: 'bg-indigo-600' },
  'Ebook Delivery': { backdrop: 'from-sky-500 to-indigo-600', accent: 'bg-sky-600' },
  Newsletter: { backdrop: 'from-emerald-500 to-teal-600', accent: 'bg-emerald-600' },
  Webinar: { backdrop: 'from-amber-500 to-rose-500', accent: 'bg-rose-600' },
};

/** The template's icon, drawn from the fixed table above. */
function TemplateIcon({ template, className }: { template: Template; className?: string }) {
  const Icon = ICONS[template.image] ?? FileText;
  return <Icon className={className} />;
}

/**
 * A small drawing of the template's landing page: its icon, heading lines, one input per field
 * (up to three) and the button. Decorative: the card's text says what the template is.
 */
export function TemplateArt({ template, className }: { template: Template; className?: string }) {
  const tone = TONES[template.category];
  const inputs = Math.min(template.config.fields.length, 3);
  return (
    <div aria-hidden="true" className={cn('grid place-items-center bg-gradient-to-br px-6 py-6', tone.backdrop, className)}>
      <div className="w-full max-w-[13rem] rounded-xl bg-white p-4 shadow-lg">
        <div className="flex items-center gap-2">
          <span className={cn('grid size-8 place-items-center rounded-lg text-white', tone.accent)}>
            <TemplateIcon template={template} className="size-4" />
          </span>
          <span className="grid flex-1 gap-1.5">
            <span className="h-2 w-4/5 rounded-full bg-gray-800" />
            <span className="h-1.5 w-3/5 rounded-full bg-gray-300" />
          </span>
        </div>
        <div className="mt-3 grid gap-1.5">
          {Array.from({ length: inputs }, (_, i) => (
            <span key={i} className="h-4 rounded-md border border-gray-200 bg-gray-50" />
          ))}
          <span className={cn('mt-1 h-5 rounded-md', tone.accent)} />
        </div>
      </div>
    </div>
  );
}
