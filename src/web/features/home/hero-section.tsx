import { ArrowRight, CircleCheck } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';
import { LandingPageMockup } from './landing-page-mockup';

const highlights = ['PDF delivery', 'Conversion analytics', 'GDPR, CCPA & PDPA ready'];

export function HeroSection() {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-32 left-1/2 -z-10 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-indigo-200 via-violet-200 to-fuchsia-100 opacity-60 blur-3xl"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center rounded-full border border-indigo-200 bg-white px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm">
            Lead magnets, delivered automatically
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-5xl lg:text-6xl">
            Turn every download into a{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">new lead</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-gray-700 lg:mx-0">
            Build a landing page that gives away your PDF, ebook, template or audio in exchange for a visitor&apos;s details.
            Publish it, share the link and watch views turn into subscribers.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <Link to="/page-creator">
                Create Form
                <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/templates">Browse Templates</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-gray-700 lg:justify-start">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CircleCheck aria-hidden="true" className="size-4 text-indigo-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <LandingPageMockup />
      </div>
    </section>
  );
}
