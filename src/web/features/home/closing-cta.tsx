import { ArrowRight } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
          <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl" />
          <h2 id="closing-cta" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Ready to grow your audience?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-50">
            Publish your first lead-magnet page in minutes and start collecting leads today.
          </p>
          <Button asChild size="lg" variant="inverse" className="mt-8 focus-visible:outline-white">
            <Link to="/page-creator">
              Create Your First Form
              <ArrowRight />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
