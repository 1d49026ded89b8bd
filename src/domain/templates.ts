import {
  DEFAULT_DESIGN,
  DEFAULT_EMAIL_FIELD,
  defaultFormConfig,
  type Design,
  type FormConfig,
  type FormField,
} from './form-config';
import { toMinorUnits } from './money';

/** docs/product.md#templates: the twelve starter templates. */

export const TEMPLATE_CATEGORIES = ['Lead Generation', 'Ebook Delivery', 'Newsletter', 'Webinar'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export interface Template {
  slug: string;
  title: string;
  /** The card's text. */
  description: string;
  category: TemplateCategory;
  popular: boolean;
  /** A key the app maps to the card's illustration. */
  image: string;
  /** The starter configuration the page creator opens with (`/page-creator?template={slug}`). */
  config: FormConfig;
}

/** docs/product.md#templates: the title in lower case with runs of whitespace replaced by hyphens. */
export function templateSlug(title: string): string {
  return title.toLowerCase().replace(/\s+/g, '-');
}

const field = (id: string, type: FormField['type'], label: string, placeholder: string, required: boolean): FormField => ({
  id: `field-${id}`,
  type,
  label,
  placeholder,
  required,
  options: [],
  helpText: '',
  param: '',
});

const fullName = (required = true) => field('name', 'text', 'Full Name', 'Enter your full name', required);
const firstName = (required = false) => field('first-name', 'text', 'First Name', 'Enter your first name', required);
const company = (required = true) => field('company', 'text', 'Company', 'Enter your company name', required);
const jobTitle = (required = false) => field('job-title', 'text', 'Job Title', 'e.g. Marketing Manager', required);
const phone = (label: string, required = false) => field('phone', 'phone', label, 'Enter your phone number', required);
const companySize = () => field('company-size', 'number', 'Company Size', 'Number of employees', false);

interface Starter {
  title: string;
  card: string;
  category: TemplateCategory;
  popular?: boolean;
  image: string;
  page: Partial<Omit<FormConfig, 'fields' | 'payment' | 'design'>> & { payment?: Partial<FormConfig['payment']> };
  fields: FormField[];
  /**
   * The template's look, which its card's thumbnail draws too. No images: the owner adds their own
   * logo and cover, and the layout says where the cover goes once they do.
   */
  design: Pick<Design, 'brandColor' | 'background' | 'font' | 'layout'>;
}

function build(starter: Starter): Template {
  const base = defaultFormConfig();
  const { payment, ...page } = starter.page;
  return {
    slug: templateSlug(starter.title),
    title: starter.title,
    description: starter.card,
    category: starter.category,
    popular: starter.popular ?? false,
    image: starter.image,
    config: {
      ...base,
      ...page,
      businessName: '',
      leadMagnet: null,
      fields: [{ ...DEFAULT_EMAIL_FIELD }, ...starter.fields],
      payment: { ...base.payment, ...payment },
      design: { ...DEFAULT_DESIGN, ...starter.design },
    },
  };
}

const usd = (amount: number) => toMinorUnits(amount, 'USD');

export const TEMPLATES: readonly Template[] = [
  // Lead Generation
  build({
    title: 'Standard Lead Magnet',
    card: 'A simple, focused page that trades your free guide for an email address.',
    category: 'Lead Generation',
    image: 'magnet',
    page: {
      title: 'Get Your Free Guide',
      description:
        'Everything you need to get started, in one practical guide. Enter your email and we will send it straight to your inbox.',
      leadMagnetName: 'Free Guide',
      thankyouMessage: 'Thank you for subscribing! Your free guide is ready to download below.',
    },
    design: { brandColor: '#4338CA', background: 'tint', font: 'sans', layout: 'top' },
    fields: [firstName()],
  }),
  build({
    title: 'Premium Content',
    card: 'Sell in-depth content for a fixed price, with instant delivery after payment.',
    category: 'Lead Generation',
    image: 'premium',
    page: {
      title: 'Unlock the Premium Guide',
      description:
        'Our most detailed playbook: step-by-step methods, templates and worked examples you will not find in our free content.',
      leadMagnetName: 'Premium Guide',
      doubleOptIn: false,
      thankyouMessage: 'Thank you for your purchase! Your premium guide is ready to download below.',
      payment: { enabled: true, type: 'fixed', fixedAmount: usd(19), currency: 'USD', provider: 'stripe' },
    },
    design: { brandColor: '#CA8A04', background: 'dark', font: 'serif', layout: 'right' },
    fields: [fullName()],
  }),
  build({
    title: 'Course Sign-up',
    card: 'Enrol students in a free course and send them the welcome pack.',
    category: 'Lead Generation',
    image: 'course',
    page: {
      title: 'Join the Free Course',
      description: 'Short daily lessons delivered by email. Sign up now and get the course welcome pack to start today.',
      leadMagnetName: 'Course Welcome Pack',
      thankyouMessage: 'You are enrolled! Your welcome pack is ready to download below.',
    },
    design: { brandColor: '#0369A1', background: 'tint', font: 'rounded', layout: 'left' },
    fields: [
      fullName(),
      field('experience', 'text', 'Experience Level', 'Beginner, intermediate or advanced', true),
      field('goals', 'textarea', 'What do you want to learn?', 'Tell us your goals for this course', false),
    ],
  }),
  // Ebook Delivery
  build({
    title: 'Professional Ebook',
    card: 'A polished page for giving away your ebook, with instant email delivery.',
    category: 'Ebook Delivery',
    popular: true,
    image: 'ebook',
    page: {
      title: 'Download Our Free Ebook',
      description:
        'Practical advice from years of experience, packed into a beautifully designed ebook. Get your copy free today.',
      leadMagnetName: 'Free Ebook',
      thankyouMessage: 'Thank you! Your copy of the ebook is ready to download below.',
    },
    design: { brandColor: '#1E3A8A', background: 'gradient', font: 'serif', layout: 'left' },
    fields: [firstName()],
  }),
  build({
    title: 'Whitepaper Download',
    card: 'Gate a B2B whitepaper and learn who is reading it and where they work.',
    category: 'Ebook Delivery',
    image: 'whitepaper',
    page: {
      title: 'Download the Whitepaper',
      description:
        'Research-backed analysis and recommendations for decision makers. Tell us a little about you to get the full paper.',
      leadMagnetName: 'Whitepaper',
      thankyouMessage: 'Thank you for your interest! Your copy of the whitepaper is ready to download below.',
    },
    design: { brandColor: '#0F766E', background: 'plain', font: 'sans', layout: 'right' },
    fields: [fullName(), company(), jobTitle()],
  }),
  build({
    title: 'Industry Report',
    card: 'Share an annual report on a pay-what-you-want basis.',
    category: 'Ebook Delivery',
    image: 'report',
    page: {
      title: 'The Annual Industry Report',
      description:
        'Data, trends and forecasts from across the industry. Pay what you think it is worth and support independent research.',
      leadMagnetName: 'Industry Report',
      thankyouMessage: 'Thank you for supporting our research! Your copy of the report is ready to download below.',
      payment: { enabled: true, type: 'pwyw', currency: 'USD', pwywMinimum: usd(1), pwywSuggested: usd(15), provider: 'both' },
    },
    design: { brandColor: '#334155', background: 'plain', font: 'mono', layout: 'top' },
    fields: [fullName(), company(false), companySize()],
  }),
  // Newsletter
  build({
    title: 'Newsletter Sign-up',
    card: 'Grow your mailing list with a clean sign-up page and a welcome gift.',
    category: 'Newsletter',
    image: 'newsletter',
    page: {
      title: 'Subscribe to Our Newsletter',
      description: 'Tips, stories and news, straight to your inbox. Subscribe and get our welcome guide as a thank-you.',
      leadMagnetName: 'Subscriber Welcome Guide',
      thankyouMessage: 'Thank you for subscribing! Your welcome guide is ready to download below.',
    },
    design: { brandColor: '#047857', background: 'tint', font: 'rounded', layout: 'top' },
    fields: [firstName()],
  }),
  build({
    title: 'Weekly Updates',
    card: 'A weekly digest sign-up that asks readers what they want to hear about.',
    category: 'Newsletter',
    image: 'calendar',
    page: {
      title: 'Get Our Weekly Updates',
      description: 'One short email every week with the best of what we have learned. Sign up and get a sample issue now.',
      leadMagnetName: 'Sample Weekly Digest',
      thankyouMessage: 'You are on the list! Your sample digest is ready to download below.',
    },
    design: { brandColor: '#C2410C', background: 'gradient', font: 'sans', layout: 'top' },
    fields: [firstName(), field('topics', 'textarea', 'Topics you care about', 'What would you like us to write about?', false)],
  }),
  build({
    title: 'Industry News',
    card: 'Keep professionals up to date with news for their industry.',
    category: 'Newsletter',
    image: 'news',
    page: {
      title: 'Stay Ahead with Industry News',
      description: 'The stories that matter in your industry, curated and summarised. Subscribe and get this month’s briefing.',
      leadMagnetName: 'Monthly Industry Briefing',
      thankyouMessage: 'Thank you for subscribing! This month’s briefing is ready to download below.',
    },
    design: { brandColor: '#B91C1C', background: 'plain', font: 'serif', layout: 'top' },
    fields: [
      fullName(),
      field('industry', 'text', 'Industry', 'e.g. Healthcare, Retail, Finance', true),
      field('alerts', 'checkbox', 'Also send me breaking news alerts', '', false),
    ],
  }),
  // Webinar
  build({
    title: 'Webinar Registration',
    card: 'Register attendees for your webinar and send them the agenda.',
    category: 'Webinar',
    image: 'webinar',
    page: {
      title: 'Register for Our Free Webinar',
      description: 'Join our experts live for practical insights and a Q&A session. Save your seat and get the webinar agenda.',
      leadMagnetName: 'Webinar Agenda',
      thankyouMessage: 'You are registered! The webinar agenda is ready to download below.',
    },
    design: { brandColor: '#7C3AED', background: 'gradient', font: 'sans', layout: 'right' },
    fields: [fullName(), company(), jobTitle()],
  }),
  build({
    title: 'Live Workshop',
    card: 'Fill a hands-on workshop and learn what attendees want to cover.',
    category: 'Webinar',
    image: 'workshop',
    page: {
      title: 'Join Our Live Workshop',
      description:
        'A hands-on session in a small group, with exercises you can apply right away. Reserve your place and get the workbook.',
      leadMagnetName: 'Workshop Workbook',
      thankyouMessage: 'Your place is reserved! The workshop workbook is ready to download below.',
    },
    design: { brandColor: '#BE185D', background: 'tint', font: 'rounded', layout: 'left' },
    fields: [
      fullName(),
      phone('Phone Number'),
      field('questions', 'textarea', 'What would you like us to cover?', 'Your questions or topics', false),
    ],
  }),
  build({
    title: 'Product Demo',
    card: 'Book product demos with the details your sales team needs.',
    category: 'Webinar',
    image: 'demo',
    page: {
      title: 'Book a Product Demo',
      description:
        'See the product in action with a specialist and get answers to your questions. Request your demo and get our product overview.',
      leadMagnetName: 'Product Overview',
      thankyouMessage:
        'Thank you for your request! The product overview is ready to download below; we will be in touch to schedule your demo.',
    },
    design: { brandColor: '#2563EB', background: 'dark', font: 'sans', layout: 'right' },
    fields: [fullName(), company(), companySize(), phone('Phone Number')],
  }),
];

export function findTemplate(slug: string): Template | undefined {
  return TEMPLATES.find((template) => template.slug === slug);
}

/** A fresh copy of a template's starter configuration, safe to edit. */
export function templateConfig(slug: string): FormConfig | undefined {
  const template = findTemplate(slug);
  return template ? structuredClone(template.config) : undefined;
}
