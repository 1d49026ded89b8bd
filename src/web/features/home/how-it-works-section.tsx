import { LayoutTemplate, Settings, Share2, Upload } from 'lucide-react';
import { SectionHeading } from './section-heading';

// The four steps of docs/product.md#who-it-is-for.
const steps = [
  { Icon: LayoutTemplate, text: 'Create a form from a template and customise it.' },
  { Icon: Upload, text: 'Upload the lead-magnet content.' },
  { Icon: Settings, text: 'Set up payment options, tracking pixels and compliance settings.' },
  { Icon: Share2, text: 'Publish and share.' },
];

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-it-works" className="bg-gray-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-it-works"
          title="How It Works"
          description="From idea to a live lead-magnet page in four steps."
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ Icon, text }, index) => (
            <li key={text} className="relative rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="grid size-11 place-items-center rounded-full bg-indigo-600 text-lg font-bold text-white">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-6 text-indigo-600" />
              </div>
              <p className="mt-5 text-sm font-semibold tracking-wide text-indigo-700 uppercase">Step {index + 1}</p>
              <p className="mt-1 text-base leading-7 font-medium text-gray-900">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
