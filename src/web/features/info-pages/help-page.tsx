import { BookOpen, Mail, MessageCircle, Search, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { docPath, type DocSlug } from '@/domain/docs';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useSupportEmail } from '@/web/lib/site';
import { InfoPageLayout } from './info-page-layout';
import { HelpSearchResults } from './docs/help-search-results';

type HelpArticle = { slug: DocSlug; title: string; text: string };

/** SPEC §2 Help Center: four tabs of four article cards, each linking to a documentation page. */
const TOPICS: Array<{ value: string; label: string; articles: HelpArticle[] }> = [
  {
    value: 'general',
    label: 'General',
    articles: [
      { slug: 'getting-started', title: 'Getting started', text: 'From sign-up to your first published page.' },
      { slug: 'key-concepts', title: 'How Lodestone works', text: 'Pages, leads, confirmations and downloads.' },
      { slug: 'templates', title: 'Choosing a template', text: 'Twelve starting points for common offers.' },
      { slug: 'troubleshooting', title: 'Troubleshooting', text: 'Emails not arriving, expired links and more.' },
    ],
  },
  {
    value: 'forms',
    label: 'Forms',
    articles: [
      { slug: 'form-builder', title: 'Building your form', text: 'Fields, your PDF and the live preview.' },
      { slug: 'form-settings', title: 'Form settings', text: 'Double opt-in, consent and the thank-you message.' },
      { slug: 'double-opt-in', title: 'Double opt-in', text: 'How visitors confirm their email address.' },
      { slug: 'publishing', title: 'Publishing and sharing', text: 'Your page’s public link, edits and deactivation.' },
    ],
  },
  {
    value: 'account',
    label: 'Account',
    articles: [
      { slug: 'account', title: 'Your account', text: 'Signing up, signing in and resetting your password.' },
      { slug: 'user-management', title: 'Workspaces and team members', text: 'Who can see your pages and leads.' },
      { slug: 'data-requests', title: 'Access and deletion requests', text: 'Answering your subscribers’ privacy requests.' },
      { slug: 'security', title: 'Security', text: 'How we protect your account and your leads.' },
    ],
  },
  {
    value: 'billing',
    label: 'Billing',
    articles: [
      { slug: 'plans-and-billing', title: 'Plans and billing', text: 'Free, Pro and Business, and how billing works.' },
      { slug: 'usage-limits', title: 'Usage limits', text: 'Forms and monthly sign-ups on each plan.' },
      { slug: 'payments', title: 'Selling your PDF', text: 'Fixed prices and pay what you want with Stripe or PayPal.' },
      { slug: 'refunds', title: 'Refunds', text: 'What happens when a payment is refunded.' },
    ],
  },
];

function QuickLink(props: { to: string; external?: boolean; Icon: LucideIcon; title: string; text: ReactNode }) {
  const { to, external, Icon, title, text } = props;
  const body = (
    <Card className="flex h-full items-start gap-4 p-5 transition-shadow group-hover:border-indigo-200 group-hover:shadow-md">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-gray-900 group-hover:text-indigo-700">{title}</span>
        <span className="mt-1 block text-sm break-words text-gray-700">{text}</span>
      </span>
    </Card>
  );
  const className =
    'group block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
  return external ? (
    <a href={to} className={className}>
      {body}
    </a>
  ) : (
    <Link to={to} className={className}>
      {body}
    </Link>
  );
}

/** /help: search across every article, quick links, topic tabs and a way to reach support. */
export function HelpPage() {
  const [query, setQuery] = useState('');
  const supportEmail = useSupportEmail();
  const searchId = useId();
  const searching = query.trim() !== '';

  return (
    <InfoPageLayout
      title="Help Center"
      description="Answers to common questions about building, publishing and getting paid for your landing pages."
      wide
    >
      <div className="mx-auto max-w-2xl">
        <div role="search">
          <label htmlFor={searchId} className="sr-only">
            Search help articles
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-500"
            />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search for help articles..."
              autoComplete="off"
              className="h-14 rounded-xl pl-12 text-base sm:text-base"
            />
          </div>
        </div>
      </div>

      {searching ? (
        <HelpSearchResults query={query} onClear={() => setQuery('')} />
      ) : (
        <>
          <section aria-label="Quick links" className="mt-12 grid gap-4 md:grid-cols-3">
            <QuickLink
              to="/docs/getting-started"
              Icon={BookOpen}
              title="Getting Started"
              text="Set up your first landing page."
            />
            <QuickLink to="/contact" Icon={MessageCircle} title="Contact Support" text="Send us a message; we reply by email." />
            {supportEmail ? (
              <QuickLink to={`mailto:${supportEmail}`} external Icon={Mail} title="Email Us" text={supportEmail} />
            ) : (
              <Card className="flex items-start gap-4 p-5" aria-busy="true">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700">
                  <Mail aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-gray-900">Email Us</span>
                  <span className="mt-1 block text-sm text-gray-700">Loading our address...</span>
                </span>
              </Card>
            )}
          </section>

          <section aria-labelledby="help-topics" className="mt-16">
            <h2 id="help-topics" className="text-2xl font-bold tracking-tight text-gray-900">
              Browse help by topic
            </h2>
            <Tabs defaultValue="general" className="mt-6">
              <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
                {TOPICS.map((topic) => (
                  <TabsTrigger key={topic.value} value={topic.value} className="h-8 px-5 sm:h-full">
                    {topic.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {TOPICS.map((topic) => (
                <TabsContent key={topic.value} value={topic.value} className="mt-6">
                  <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                    {topic.articles.map((article) => (
                      <li key={article.slug}>
                        <Link
                          to={docPath(article.slug)}
                          className="group block h-full rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                        >
                          <Card className="h-full p-5 transition-shadow group-hover:border-indigo-200 group-hover:shadow-md">
                            <span className="block font-semibold text-gray-900 group-hover:text-indigo-700">{article.title}</span>
                            <span className="mt-1 block text-sm text-gray-700">{article.text}</span>
                          </Card>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </TabsContent>
              ))}
            </Tabs>
          </section>
        </>
      )}

      <section
        aria-labelledby="still-need-help"
        className="mt-16 rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-600 px-6 py-10 text-center text-white sm:px-10"
      >
        <h2 id="still-need-help" className="text-2xl font-bold tracking-tight">
          Still need help?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-indigo-50">
          Our support team answers questions about your pages, your account and billing. Tell us what you are trying to do and we
          will get back to you by email.
        </p>
        <Link to="/contact" className={buttonVariants({ variant: 'inverse', size: 'lg', className: 'mt-6' })}>
          Contact Support
        </Link>
      </section>
    </InfoPageLayout>
  );
}
