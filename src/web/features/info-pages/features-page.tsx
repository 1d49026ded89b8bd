import { ArrowRight, ChartColumn, FileDown, Globe, LayoutTemplate, Mail, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from '@/web/lib/router';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/web/components/ui/card';
import { InfoPageLayout } from './info-page-layout';
import { PlanComparisonTable } from './plan-comparison-table';

interface Feature {
  Icon: LucideIcon;
  /** docs/product.md#features: the six card titles, word for word. */
  title: string;
  text: string;
  comingSoon?: boolean;
}

const features: Feature[] = [
  {
    Icon: LayoutTemplate,
    title: 'Beautiful Form Templates',
    text: 'Start from one of twelve templates for lead generation, ebook delivery, newsletters and webinars, then make it yours in the page creator: headline, description, your business name, up to 20 fields of six types, the thank-you message and payment options, with a live preview on desktop and at phone width. Published pages are rendered on our servers as plain HTML, load in a blink and still work with JavaScript turned off.',
  },
  {
    Icon: FileDown,
    title: 'Automatic Content Delivery',
    text: 'Upload your file once: a PDF, DOCX, XLSX, PPTX, EPUB, ZIP, JPG, PNG or MP3 of up to 10 MB. Every new lead gets a personal download link by email and on the thank-you page; the link is signed and expires after 7 days. With double opt-in, the file goes out only after the visitor confirms their address with a 6-digit code or a one-click link. On paid pages it goes out only once Stripe or PayPal has confirmed the payment, and a refund takes it back.',
  },
  {
    Icon: ShieldCheck,
    title: 'GDPR & CCPA Compliant',
    text: 'Add a consent checkbox and Lodestone records each consent word for word, with its time and hashed network details, so you can show who agreed to what. Double opt-in proves each address is real. Tracking pixels and your own scripts load only after the visitor accepts, and page views are counted without cookies. We act as your processor, service provider or data intermediary, under a DPA, a CCPA addendum and a PDPA agreement.',
  },
  {
    Icon: ChartColumn,
    title: 'Advanced Analytics',
    text: 'Your dashboard shows total leads, forms, conversion rate and leads this month. Each page has a 30-day chart of views, unique visitors, leads, confirmations and downloads, its list of leads with the campaign (UTM) source they came from, and the revenue of paid pages. Bots, link previews and prefetches are left out, so the numbers are people.',
  },
  {
    Icon: Globe,
    title: 'Custom Domains',
    text: 'Serve your pages from a domain of your own, such as offers.yourbrand.com, each at a short address you choose. Add two DNS records and Lodestone checks them, keeps checking, and sets up HTTPS for you. One domain on Pro, up to ten on Business; every page keeps its Lodestone link too.',
  },
  {
    Icon: Mail,
    title: 'Email Integration',
    text: 'Each confirmed lead is added to Mailchimp or Kit by itself, with its name, answers and the page as a tag, respecting your double opt-in, retried when the tool is down, and with its sync status on the lead. Lodestone also sends the confirmation and delivery emails for you, through its own mail server.',
  },
];

export function FeaturesPage() {
  return (
    <InfoPageLayout
      wide
      title="Features"
      description="Everything you need to turn a lead magnet into a steady stream of qualified leads."
    >
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          What Lodestone does
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {features.map(({ Icon, title, text, comingSoon }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader className="gap-3">
                  <div className="flex items-start justify-between gap-3">
                    <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
                      <Icon aria-hidden="true" className="size-6" />
                    </span>
                    {comingSoon && <Badge variant="warning">Coming soon</Badge>}
                  </div>
                  <CardTitle className="mt-2">{title}</CardTitle>
                  <p className="text-base leading-7 text-gray-700">{text}</p>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="compare-heading" className="mt-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="compare-heading" className="text-3xl font-bold tracking-tight text-gray-900">
            Compare plans
          </h2>
          <p className="mt-3 text-lg text-gray-700">Start free, and upgrade when your list outgrows it.</p>
        </div>
        <div className="mx-auto mt-10 max-w-4xl">
          <PlanComparisonTable />
        </div>
        <p className="mt-6 text-center text-gray-700">
          Already building with Lodestone?{' '}
          <Link to="/settings/billing" className="font-semibold text-indigo-700 underline underline-offset-4">
            Upgrade your workspace
          </Link>
        </p>
      </section>

      <div className="mt-16 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/page-creator">
            Create Your First Form
            <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </div>
    </InfoPageLayout>
  );
}
