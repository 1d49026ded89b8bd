import {
  ArrowRight,
  BookOpen,
  ChartColumn,
  Code,
  FileDown,
  LayoutTemplate,
  Lightbulb,
  ListChecks,
  Rocket,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import { docPath, TUTORIALS, type DocSlug } from '@/domain/docs';
import { Card } from '@/web/components/ui/card';
import { InfoPageLayout } from './info-page-layout';
import { CARD_LINK_CLASS, IconLinkCard } from './link-card';
import { TUTORIAL_SUMMARIES } from './docs/tutorial-summaries';

type DocCard = { slug: DocSlug; title: string; text: string; Icon: LucideIcon };

const GETTING_STARTED: DocCard[] = [
  {
    slug: 'introduction',
    title: 'Introduction',
    text: 'What Lodestone does, who it is for and how a lead magnet page works.',
    Icon: BookOpen,
  },
  {
    slug: 'quick-start',
    title: 'Quick Start',
    text: 'Publish your first landing page in about five minutes.',
    Icon: Rocket,
  },
  {
    slug: 'key-concepts',
    title: 'Key Concepts',
    text: 'Pages, leads, confirmations, downloads and workspaces explained.',
    Icon: Lightbulb,
  },
];

const CORE_FEATURES: DocCard[] = [
  {
    slug: 'form-builder',
    title: 'Form Builder',
    text: 'Basic info, fields, the file and the live desktop and mobile preview.',
    Icon: LayoutTemplate,
  },
  {
    slug: 'form-settings',
    title: 'Form Settings',
    text: 'Double opt-in, the privacy consent checkbox and the thank-you message.',
    Icon: Settings,
  },
  {
    slug: 'analytics',
    title: 'Analytics',
    text: 'Views, unique visitors, leads, confirmations, downloads and conversion rate.',
    Icon: ChartColumn,
  },
  {
    slug: 'user-management',
    title: 'User Management',
    text: 'Your account, your workspace and what team accounts will bring.',
    Icon: Users,
  },
  {
    slug: 'api-reference',
    title: 'API Reference',
    text: 'The public REST API: keys, pagination, errors and every endpoint, to try in the browser.',
    Icon: Code,
  },
  {
    slug: 'file-delivery',
    title: 'File Delivery',
    text: 'How your file reaches each visitor through signed, expiring links.',
    Icon: FileDown,
  },
];

const CATEGORIES: Array<{ title: string; links: Array<{ slug: DocSlug; label: string }> }> = [
  {
    title: 'Forms & Templates',
    links: [
      { slug: 'templates', label: 'Starting from a template' },
      { slug: 'form-builder', label: 'Building a landing page' },
      { slug: 'double-opt-in', label: 'Double opt-in confirmation' },
      { slug: 'publishing', label: 'Publishing and sharing' },
      { slug: 'custom-domains', label: 'Connecting a custom domain' },
    ],
  },
  {
    title: 'Account & Billing',
    links: [
      { slug: 'account', label: 'Your account and password' },
      { slug: 'plans-and-billing', label: 'Plans and billing' },
      { slug: 'usage-limits', label: 'Usage limits' },
      { slug: 'payments', label: 'Selling with Stripe and PayPal' },
      { slug: 'refunds', label: 'Refunds' },
    ],
  },
  {
    title: 'Integrations & API',
    links: [
      { slug: 'tracking-pixels', label: 'Tracking pixels and scripts' },
      { slug: 'webhooks', label: 'Webhooks' },
      { slug: 'api-reference', label: 'API reference' },
      { slug: 'email-delivery', label: 'Email delivery' },
      { slug: 'payments', label: 'Payment providers' },
    ],
  },
  {
    title: 'Compliance & Security',
    links: [
      { slug: 'gdpr', label: 'GDPR' },
      { slug: 'ccpa', label: 'CCPA' },
      { slug: 'pdpa', label: 'PDPA (Singapore)' },
      { slug: 'data-requests', label: 'Access and deletion requests' },
      { slug: 'security', label: 'Security' },
    ],
  },
];

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-16 first:mt-0">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-gray-900">
        {title}
      </h2>
      {description && <p className="mt-2 text-gray-700">{description}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

function DocCardLink({ card }: { card: DocCard }) {
  const { slug, title, text, Icon } = card;
  return <IconLinkCard to={docPath(slug)} Icon={Icon} title={title} text={text} className="h-full" />;
}

/** docs/product.md#documentation: getting started, core features, four categories and the tutorials. */
export function DocsPage() {
  return (
    <InfoPageLayout
      title="Documentation"
      description="Guides and references for everything Lodestone can do, from your first landing page to payments and compliance."
      wide
    >
      <Section title="Getting Started" description="New to Lodestone? Start here.">
        <div className="grid gap-4 md:grid-cols-3">
          {GETTING_STARTED.map((card) => (
            <DocCardLink key={card.slug} card={card} />
          ))}
        </div>
      </Section>

      <Section title="Core Features" description="How each part of Lodestone works, in depth.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CORE_FEATURES.map((card) => (
            <DocCardLink key={card.slug} card={card} />
          ))}
        </div>
      </Section>

      <Section title="Browse by Topic">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORIES.map((category) => (
            <Card key={category.title} className="p-5">
              <h3 className="font-semibold text-gray-900">{category.title}</h3>
              <ul className="mt-3 space-y-2 text-sm">
                {category.links.map((link) => (
                  <li key={link.slug}>
                    <Link
                      to={docPath(link.slug)}
                      className="text-indigo-700 underline-offset-4 hover:text-indigo-900 hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>

      <Section title="Tutorials" description="Step-by-step walkthroughs you can follow along at your own pace.">
        <div className="grid gap-4 md:grid-cols-3">
          {TUTORIALS.map((tutorial) => (
            <Link key={tutorial.slug} to={`/tutorials/${tutorial.slug}`} className={CARD_LINK_CLASS}>
              <Card className="h-full overflow-hidden transition-shadow group-hover:shadow-md">
                <span className="relative grid h-32 place-items-center bg-gradient-to-br from-indigo-600 to-violet-600 text-white">
                  <ListChecks aria-hidden="true" className="size-12 opacity-90" />
                  <span className="absolute right-3 bottom-3 rounded-md bg-gray-950/80 px-2 py-0.5 text-xs font-semibold tabular-nums">
                    <span className="sr-only">Duration: </span>
                    {tutorial.duration}
                  </span>
                </span>
                <span className="block p-5">
                  <span className="block font-semibold text-gray-900 group-hover:text-indigo-700">{tutorial.title}</span>
                  <span className="mt-1 block text-sm text-gray-700">{TUTORIAL_SUMMARIES[tutorial.slug]}</span>
                </span>
              </Card>
            </Link>
          ))}
        </div>
        <Link
          to="/tutorials"
          className="mt-6 inline-flex items-center gap-1 font-semibold text-indigo-700 underline-offset-4 hover:underline"
        >
          View All Tutorials
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Section>

      <p className="mt-16 text-center text-gray-700">
        Looking for a quick answer? Search the{' '}
        <Link to="/help" className="font-medium text-indigo-700 underline underline-offset-4">
          Help Center
        </Link>
        .
      </p>
    </InfoPageLayout>
  );
}
