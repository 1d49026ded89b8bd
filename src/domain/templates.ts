import {
  DEFAULT_DESIGN,
  DEFAULT_EMAIL_FIELD,
  defaultFormConfig,
  type Design,
  type FormConfig,
  type FormField,
} from './form-config';
import { toMinorUnits } from './money';
import type { BenefitIcon, Section } from './sections';

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

/** A section as a template writes it: its id is given by `build`, and it shows unless it says otherwise. */
type SectionBody = Section extends infer S
  ? S extends Section
    ? Omit<S, 'id' | 'hidden'> & { hidden?: boolean }
    : never
  : never;

const benefits = (heading: string, items: [BenefitIcon, string][]): SectionBody => ({
  type: 'benefits',
  heading,
  items: items.map(([icon, text]) => ({ icon, text })),
});
/** Testimonials without photos, by people an owner will recognise as examples to replace with their own. */
const testimonials = (heading: string, items: [quote: string, name: string, role: string][]): SectionBody => ({
  type: 'testimonials',
  heading,
  items: items.map(([quote, name, role]) => ({ quote, name, role, photo: null })),
});
const author = (heading: string, name: string, bio: string): SectionBody => ({
  type: 'author',
  heading,
  name,
  bio,
  photo: null,
  links: [],
});
const faq = (heading: string, items: [question: string, answer: string][]): SectionBody => ({
  type: 'faq',
  heading,
  items: items.map(([question, answer]) => ({ question, answer })),
});
const cta = (heading: string, text: string, buttonText: string): SectionBody => ({ type: 'cta', heading, text, buttonText });
/**
 * A deadline a template cannot date: hidden, so the page publishes as it is, and ready to show once
 * the owner chooses when the offer ends (a shown deadline without a time is refused on publish).
 */
const undatedDeadline = (heading: string, endedMessage: string): SectionBody => ({
  type: 'deadline',
  heading,
  endsAt: '',
  timeZone: 'UTC',
  afterDeadline: 'closeForm',
  endedMessage,
  hidden: true,
});

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
  design: Pick<Design, 'brandColor' | 'background' | 'font' | 'layout' | 'formPlacement'>;
  /** What sells the lead magnet around the form, written for the template's case (docs/product.md#templates). */
  sections: SectionBody[];
}

function build(starter: Starter): Template {
  const base = defaultFormConfig();
  const { payment, ...page } = starter.page;
  const slug = templateSlug(starter.title);
  return {
    slug,
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
      // Ids stable across releases: a draft started from a template keeps pointing at the same sections.
      sections: starter.sections.map((section, i) => ({ hidden: false, ...section, id: `section-${slug}-${i + 1}` }) as Section),
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
    design: { brandColor: '#4338CA', background: 'tint', font: 'sans', layout: 'top', formPlacement: 'below' },
    sections: [
      benefits('What’s inside the guide', [
        ['book', '**A clear starting plan**: the first five steps, in the order that saves you the most time'],
        ['check', '**Checklists you can copy** for every step, so nothing falls through the cracks'],
        ['bolt', '**Quick wins** you can put in place this week, before you read the rest'],
        ['target', '**The mistakes beginners make most**, and how to avoid each one'],
      ]),
      testimonials('What readers say', [
        [
          'Short, practical and straight to the point. I had the first two steps done the same afternoon.',
          'Alex R.',
          'Marketing lead',
        ],
        ['The checklists alone were worth it. I have shared the guide with my whole team.', 'Priya S.', 'Small business owner'],
      ]),
      faq('Questions', [
        ['Is the guide really free?', 'Yes. Enter your email and it is yours: no payment, and no trial to cancel.'],
        ['How do I get it?', 'As soon as you confirm your email address, you can download it, and the link comes by email too.'],
        ['What format is it in?', 'A PDF that opens on any phone, tablet or computer. Print it if you prefer paper.'],
        [
          'Will you send me other emails?',
          'Now and then we send practical tips. Every email has a link to unsubscribe in one click.',
        ],
      ]),
      cta('Ready to get started?', 'Get the guide now and put the first step in place **today**.', 'Send me the guide'),
    ],
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
    design: { brandColor: '#CA8A04', background: 'dark', font: 'serif', layout: 'right', formPlacement: 'beside' },
    sections: [
      benefits('What you get', [
        ['book', '**Step-by-step methods**, tested on real projects and explained from start to finish'],
        ['gift', '**Ready-to-use templates** for planning, tracking and reporting'],
        ['chart', '**Worked examples** with the numbers behind them, so you can see what good looks like'],
        ['shield', '**Yours to keep**: download it once and read it on any device, online or off'],
      ]),
      testimonials('What readers say', [
        [
          'I have paid ten times as much for courses that taught me less. The templates saved me a week of work.',
          'Jordan K.',
          'Operations manager',
        ],
        ['Clear, detailed and honest about what does not work. Worth every cent.', 'Sam T.', 'Freelance consultant'],
        ['The worked examples are what made it click for me.', 'Maria L.', 'Team lead'],
      ]),
      faq('Questions', [
        [
          'How is it different from your free content?',
          'It goes much further: complete methods, the templates we use ourselves, and examples worked from start to finish.',
        ],
        ['How do I pay?', 'By card, through a secure checkout. We never see or store your card details.'],
        [
          'When do I get it?',
          'Straight away: the download is ready as soon as your payment goes through, and the link comes by email too.',
        ],
        ['What format is it in?', 'A PDF for reading on screen or on paper, with the templates ready to copy.'],
      ]),
      cta('Get the full playbook', 'One payment, an instant download, and it is yours to keep.', 'Get the premium guide'),
    ],
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
    design: { brandColor: '#0369A1', background: 'tint', font: 'rounded', layout: 'left', formPlacement: 'beside' },
    sections: [
      benefits('What you will learn', [
        ['book', '**Module 1: The foundations.** The ideas everything else builds on, in plain words'],
        ['target', '**Module 2: Your first project.** A guided exercise you finish in under an hour'],
        ['bolt', '**Module 3: Going further.** The techniques that take you from getting by to confident'],
        ['check', '**Module 4: Putting it all together.** A checklist to keep using long after the course'],
      ]),
      testimonials('What students say', [
        ['The lessons were short enough for my lunch break, and for once I actually finished a course.', 'Chris P.', 'Student'],
        [
          'Every lesson ended with something to do, not just something to read. That made all the difference.',
          'Dana W.',
          'Career changer',
        ],
      ]),
      faq('Questions', [
        [
          'How does the course work?',
          'One short lesson arrives by email each weekday. Each takes about ten minutes, with an exercise to try.',
        ],
        [
          'Do I need any experience?',
          'No. The course starts from the beginning. Tell us your level when you sign up and we will suggest where to start.',
        ],
        ['Is it really free?', 'Yes, the whole course is free. There is nothing to pay now or later.'],
        ['What is in the welcome pack?', 'The course map, a glossary and the worksheets for every module, in one PDF.'],
      ]),
      cta('Start learning today', 'Sign up now and your first lesson is on its way.', 'Enrol for free'),
    ],
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
    design: { brandColor: '#1E3A8A', background: 'gradient', font: 'serif', layout: 'left', formPlacement: 'beside' },
    sections: [
      benefits('Inside the ebook', [
        ['book', '**Chapter 1: Where to begin.** How to size up where you stand today'],
        ['target', '**Chapter 2: Goals that stick.** A simple way to choose what matters most'],
        ['chart', '**Chapter 3: Measuring progress.** The few numbers worth tracking, and how'],
        ['bolt', '**Chapter 4: Habits that compound.** Small changes with big results'],
        ['star', '**Chapter 5: Case studies.** How others did it, step by step'],
      ]),
      author(
        'About the author',
        'Jamie Carter',
        'Writer and consultant with more than ten years of hands-on experience. This ebook gathers the advice Jamie gives clients most often, in one place.',
      ),
      testimonials('What readers say', [
        ['Beautifully put together and genuinely useful. I keep going back to chapter three.', 'Alex R.', 'Marketing lead'],
        ['I read it in one evening and changed how our team plans its week.', 'Sam O.', 'Founder'],
      ]),
      faq('Questions', [
        [
          'Who is this ebook for?',
          'Anyone who wants practical, proven advice without wading through theory, whether you are starting out or have years behind you.',
        ],
        ['How long is it?', 'About 60 pages: short enough to read in an evening, practical enough to use for months.'],
        ['Can I read it on my phone?', 'Yes. It is a PDF that reads well on phones, tablets and computers.'],
        ['Is it really free?', 'Completely. Enter your email address and the ebook is yours.'],
      ]),
      cta('Get your free copy', 'Download the ebook today and start with chapter one tonight.', 'Send me the ebook'),
    ],
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
    design: { brandColor: '#0F766E', background: 'plain', font: 'sans', layout: 'right', formPlacement: 'beside' },
    sections: [
      benefits('Key findings', [
        ['chart', '**Where budgets are going**: how decision makers plan to spend over the next 12 months'],
        ['target', '**What sets the leaders apart**: the practices the best performers share'],
        ['shield', '**The risks worth planning for**, ranked by likelihood and impact'],
        ['check', '**Recommendations** you can take to your next planning meeting'],
      ]),
      testimonials('What readers say', [
        ['Rigorous, concise and directly relevant to our planning cycle.', 'Morgan B.', 'Head of strategy'],
        ['We used the recommendations as the agenda for our quarterly review.', 'Lee H.', 'Operations director'],
      ]),
      faq('Questions', [
        ['Who is this whitepaper for?', 'Leaders and managers who make or shape decisions on strategy, budget and tools.'],
        [
          'How was the research done?',
          'It combines a survey of professionals with interviews and published data. The appendix sets out the method in full.',
        ],
        [
          'Why do you ask for my company and job title?',
          'So we know who reads our research and can make the next edition more useful. We never sell your details.',
        ],
        ['How long is it?', 'About 20 pages, with a two-page executive summary at the start.'],
      ]),
      cta('Get the full findings', 'Download the whitepaper and share it with your team.', 'Download the whitepaper'),
    ],
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
    design: { brandColor: '#334155', background: 'plain', font: 'mono', layout: 'top', formPlacement: 'beside' },
    sections: [
      benefits('What the report covers', [
        ['chart', '**Market size and growth**, with five years of data'],
        ['target', '**The trends to watch**, and who is already acting on them'],
        ['clock', '**Forecasts for the year ahead**, with the assumptions behind them'],
        ['book', '**Every chart and data table**, ready to use in your own presentations'],
      ]),
      testimonials('What readers say', [
        ['The most useful annual read in our field, and the data tables save us days.', 'Robin F.', 'Research analyst'],
        [
          'Independent, clear and honest about uncertainty. I paid more than the minimum and would again.',
          'Casey N.',
          'Consultant',
        ],
      ]),
      faq('Questions', [
        [
          'Why pay what I want?',
          'The report is funded by its readers. Pay what you think it is worth, from the minimum up: every contribution supports the next edition.',
        ],
        ['How do I pay?', 'By card or PayPal, at a secure checkout. The download is ready as soon as your payment goes through.'],
        [
          'Can I use the charts in my own work?',
          'Yes, with a credit to the report. The data tables are included for exactly that.',
        ],
        ['How often is it published?', 'Once a year. Readers of this edition hear first when the next one is out.'],
      ]),
      cta('Support independent research', 'Choose your price and download the full report today.', 'Get the report'),
    ],
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
    design: { brandColor: '#047857', background: 'tint', font: 'rounded', layout: 'top', formPlacement: 'below' },
    sections: [
      benefits('What you get', [
        ['star', '**One email a week** with the best tips, stories and news'],
        ['gift', '**A welcome guide** as soon as you subscribe'],
        ['heart', '**No spam, ever.** Just useful reading, and one click to unsubscribe'],
        ['bolt', '**Early access** to new guides and events, before anyone else'],
      ]),
      testimonials('What subscribers say', [
        ['The one newsletter I always open. Short, friendly, and always something useful.', 'Jamie L.', 'Longtime subscriber'],
        ['I have picked up more practical ideas here than from any course.', 'Noor A.', 'Designer'],
      ]),
      faq('Questions', [
        ['How often will you email me?', 'Once a week, and only when we have something worth reading.'],
        ['What is in the welcome guide?', 'Our most popular tips from past issues, collected in one short PDF.'],
        ['Can I unsubscribe?', 'At any time, with the link at the foot of every email.'],
        ['Does it cost anything?', 'No. The newsletter is free.'],
      ]),
      cta('Join the newsletter', 'Subscribe now and get the welcome guide today.', 'Subscribe'),
    ],
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
    design: { brandColor: '#C2410C', background: 'gradient', font: 'sans', layout: 'top', formPlacement: 'below' },
    sections: [
      benefits('Every week you get', [
        ['clock', '**A five-minute read**, once a week and no more'],
        ['chart', '**The week’s most useful finds**, picked and summarised for you'],
        ['target', '**Topics you choose**: tell us what you care about and we will write about it'],
        ['check', '**One practical idea** to try before the next issue'],
      ]),
      testimonials('What readers say', [
        ['It has replaced three other newsletters for me.', 'Taylor G.', 'Product manager'],
        ['Concise and well chosen. I forward it to my team most weeks.', 'Ravi M.', 'Team lead'],
      ]),
      faq('Questions', [
        ['When does it arrive?', 'Once a week. Each issue takes about five minutes to read.'],
        ['What is the sample issue?', 'A recent digest in full, so you can see exactly what you are signing up for.'],
        [
          'Can I choose what I hear about?',
          'Yes. Tell us your topics when you sign up: we read every answer and use them to plan issues.',
        ],
        ['How do I stop it?', 'Use the unsubscribe link in any issue. One click and you are off the list.'],
      ]),
      cta('Get next week’s issue', 'Sign up in seconds and read the sample issue now.', 'Sign me up'),
    ],
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
    design: { brandColor: '#B91C1C', background: 'plain', font: 'serif', layout: 'top', formPlacement: 'below' },
    sections: [
      benefits('What every briefing covers', [
        ['book', '**The stories that matter**, summarised in a few lines each'],
        ['chart', '**The numbers behind the news**: market moves, deals and data'],
        ['target', '**What it means for you**, from people who work in the industry'],
        ['bolt', '**Breaking news alerts** if you want them, only when it really matters'],
      ]),
      testimonials('What subscribers say', [
        ['I start every month with the briefing. It keeps me a step ahead in meetings.', 'Sofia D.', 'Account director'],
        ['Well curated, and it never wastes my time.', 'Ben W.', 'Healthcare consultant'],
      ]),
      faq('Questions', [
        ['How often will I hear from you?', 'A briefing once a month, plus breaking news alerts only if you tick the box.'],
        ['Which industries do you cover?', 'Tell us yours when you sign up: your answers decide which stories we follow.'],
        ['Does it cost anything?', 'No. The briefing is free.'],
        ['Can I unsubscribe?', 'At any time, with the link at the foot of every email.'],
      ]),
      cta('Stay ahead of the news', 'Subscribe now and get this month’s briefing straight away.', 'Get the briefing'),
    ],
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
    design: { brandColor: '#7C3AED', background: 'gradient', font: 'sans', layout: 'right', formPlacement: 'beside' },
    sections: [
      undatedDeadline('Registration closes', 'Registration for this webinar has closed.'),
      benefits('Agenda', [
        ['clock', '**10 min: Welcome and the big picture.** What has changed this year, and why it matters'],
        ['target', '**25 min: The method, step by step**, with live examples'],
        ['chart', '**15 min: Results from real teams**, and what they did differently'],
        ['star', '**10 min: Live Q&A.** Bring your questions'],
      ]),
      author(
        'Your host',
        'Jordan Ellis',
        'Jordan leads customer education and has run dozens of live sessions on this topic. Expect practical advice, real examples and straight answers.',
      ),
      testimonials('What past attendees say', [
        ['Packed with practical advice and no sales pitch. The Q&A alone was worth the hour.', 'Alex R.', 'Marketing lead'],
        ['I came away with three things to try the very next day.', 'Kim S.', 'Project manager'],
      ]),
      faq('Questions', [
        ['Is the webinar free?', 'Yes. Register with your email address to save your seat.'],
        [
          'What if I cannot attend live?',
          'Register anyway: everyone who signs up gets the recording by email after the session.',
        ],
        [
          'What do I need to join?',
          'A computer or phone with an internet connection. The link to join comes by email before the start.',
        ],
        ['Will there be time for questions?', 'Yes. The last part of the session is a live Q&A.'],
      ]),
      cta('Save your seat', 'Register now and get the agenda straight away.', 'Register now'),
    ],
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
    design: { brandColor: '#BE185D', background: 'tint', font: 'rounded', layout: 'left', formPlacement: 'below' },
    sections: [
      undatedDeadline('Booking closes', 'Booking for this workshop has closed.'),
      benefits('What you will do', [
        ['target', '**Hands-on exercises** on your own work, not made-up examples'],
        ['heart', '**A small group**, so everyone gets feedback from the host'],
        ['book', '**The workbook** with every exercise, to keep using afterwards'],
        ['check', '**A plan to take away**: your next three steps, written down before you leave'],
      ]),
      author(
        'Your host',
        'Sam Rivera',
        'Sam runs hands-on workshops for teams of every size, from start-ups to large companies. Sessions are practical, friendly and paced so nobody is left behind.',
      ),
      testimonials('What participants say', [
        ['The most useful two hours I have spent on training this year.', 'Chris M.', 'Team lead'],
        ['Small, focused and very practical. I used the workbook the next day.', 'Aisha K.', 'Freelance designer'],
      ]),
      faq('Questions', [
        ['How long is the workshop?', 'Two hours, with a short break in the middle.'],
        [
          'Where does it take place?',
          'The details, with the address or the link to join, come by email once your place is reserved.',
        ],
        ['Do I need to prepare anything?', 'Just bring something you are working on. The workbook tells you everything else.'],
        [
          'What if I can no longer come?',
          'Reply to your confirmation email to let us know, and we will offer your place to someone on the waiting list.',
        ],
      ]),
      cta('Reserve your place', 'Book now and get the workbook to start preparing.', 'Reserve my place'),
    ],
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
    design: { brandColor: '#2563EB', background: 'dark', font: 'sans', layout: 'right', formPlacement: 'beside' },
    sections: [
      benefits('In your demo', [
        ['target', '**A walkthrough for your team**, based on what you tell us'],
        ['bolt', '**The features that matter to you**, shown on real examples'],
        ['shield', '**Answers on security, pricing and set-up** from a specialist'],
        ['clock', '**30 minutes**, at a time that suits you'],
      ]),
      testimonials('What customers say', [
        ['The demo answered every question our team had, and set-up took a single afternoon.', 'Morgan B.', 'Head of operations'],
        ['No hard sell, just a clear look at how it would work for us.', 'Jesse T.', 'IT manager'],
      ]),
      faq('Questions', [
        ['How long is a demo?', 'About 30 minutes, including time for your questions.'],
        ['Who will I talk to?', 'A product specialist who knows teams like yours, not a script.'],
        ['Is there any cost or commitment?', 'None. The demo is free and there is nothing to sign.'],
        [
          'What happens after I ask for a demo?',
          'You can download the product overview straight away, and we will be in touch to find a time that suits you.',
        ],
      ]),
      cta('See it in action', 'Request your demo and get the product overview now.', 'Request a demo'),
    ],
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
