import { BookOpen, Mail, MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from '@/web/lib/router';
import { docPath, type DocSlug } from '@/domain/docs';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { cn } from '@/web/lib/cn';
import { useSupportEmail } from '@/web/lib/site';
import { InfoPageLayout } from './info-page-layout';
import { HelpSearchResults } from './docs/help-search-results';
import { CARD_LINK_CLASS, IconCard, IconLinkCard } from './link-card';
import { SearchBox } from './search-box';

type HelpArticle = { slug: DocSlug; title: string; text: string };

/** docs/product.md#help-center: four tabs of four article cards, each linking to a documentation page. */
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
      { slug: 'form-builder', title: 'Building your form', text: 'Fields, your file and the live preview.' },
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
      { slug: 'payments', title: 'Selling your download', text: 'Fixed prices and pay what you want with Stripe or PayPal.' },
      { slug: 'refunds', title: 'Refunds', text: 'What happens when a payment is refunded.' },
    ],
  },
];

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
        <SearchBox
          id={searchId}
          label="Search help articles"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search for help articles..."
          inputClassName="h-14"
        />
      </div>

      {searching ? (
        <HelpSearchResults query={query} onClear={() => setQuery('')} />
      ) : (
        <>
          <section aria-label="Quick links" className="mt-12 grid gap-4 md:grid-cols-3">
            <IconLinkCard
              to="/docs/getting-started"
              Icon={BookOpen}
              title="Getting Started"
              text="Set up your first landing page."
            />
            <IconLinkCard
              to="/contact"
              Icon={MessageCircle}
              title="Contact Support"
              text="Send us a message; we reply by email."
            />
            {supportEmail ? (
              <IconLinkCard to={`mailto:${supportEmail}`} external Icon={Mail} title="Email Us" text={supportEmail} />
            ) : (
              <IconCard aria-busy="true" Icon={Mail} title="Email Us" text="Loading our address..." />
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
                        <Link to={docPath(article.slug)} className={cn(CARD_LINK_CLASS, 'h-full')}>
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
