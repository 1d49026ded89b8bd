import { ChartColumn, FileText, ShieldCheck } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { SectionHeading } from './section-heading';

const features = [
  {
    Icon: FileText,
    title: 'Instant file delivery',
    text: 'Upload your lead magnet once: a PDF, Word, Excel or PowerPoint file, an ebook, images or audio. Every new subscriber receives it automatically, straight away or after confirming their email with double opt-in.',
  },
  {
    Icon: ChartColumn,
    title: 'Conversion analytics',
    text: 'See views, leads and conversion rate for every page, so you know which offers your audience really wants.',
  },
  {
    Icon: ShieldCheck,
    title: 'GDPR, CCPA & PDPA compliance',
    text: 'Consent checkboxes, recorded consent and requests for access or deletion are handled, wherever in the world your visitors are.',
  },
];

export function WhyChooseSection() {
  return (
    <section aria-labelledby="why-choose" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-choose"
          title="Why Choose Lodestone"
          description="Everything you need to grow your list with a lead magnet, and nothing you don't."
        />
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {features.map(({ Icon, title, text }) => (
            <Card key={title} className="transition-shadow hover:shadow-md">
              <CardHeader className="gap-3">
                <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle className="mt-2">{title}</CardTitle>
                <CardDescription className="text-base leading-7">{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
