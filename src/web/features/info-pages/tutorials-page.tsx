import { ArrowRight, Clock } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { TUTORIALS } from '@/domain/docs';
import { Card } from '@/web/components/ui/card';
import { InfoPageLayout } from './info-page-layout';
import { TUTORIAL_SUMMARIES } from './docs/tutorial-summaries';

/** /tutorials: the three written walkthroughs, in the order to follow them. */
export function TutorialsPage() {
  return (
    <InfoPageLayout
      title="Tutorials"
      description="Step-by-step walkthroughs that take you from a new account to a paid, tracked landing page."
      trail={[{ label: 'Documentation', to: '/docs' }]}
    >
      <p className="text-gray-700">
        Each tutorial is a written walkthrough you can follow in Lodestone as you read. The time shown is about how long it takes
        to work through it. Prefer to look something up instead? The{' '}
        <Link to="/docs" className="font-medium text-indigo-700 underline underline-offset-4">
          documentation
        </Link>{' '}
        covers every feature in depth.
      </p>
      <ol className="mt-10 space-y-4">
        {TUTORIALS.map((tutorial, index) => (
          <li key={tutorial.slug}>
            <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
              <span
                aria-hidden="true"
                className="grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-semibold text-gray-900">
                  <Link to={`/tutorials/${tutorial.slug}`} className="hover:text-indigo-700">
                    {tutorial.title}
                  </Link>
                </h2>
                <p className="mt-1 text-gray-700">{TUTORIAL_SUMMARIES[tutorial.slug]}</p>
                <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-gray-600">
                  <Clock aria-hidden="true" className="size-4" />
                  <span className="sr-only">Duration: </span>
                  {tutorial.duration}
                </p>
              </div>
              <Link
                to={`/tutorials/${tutorial.slug}`}
                className="inline-flex items-center gap-1 self-start font-semibold whitespace-nowrap text-indigo-700 underline-offset-4 hover:underline sm:self-center"
              >
                Start tutorial<span className="sr-only">: {tutorial.title}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Card>
          </li>
        ))}
      </ol>
    </InfoPageLayout>
  );
}
