import type { ImageRef } from '@/domain/form-config';
import type { Section, SectionOf } from '@/domain/sections';

// A page's sections as a generous owner fills them in: every kind, shown, with long words, links,
// lists and images. Used by the weight budget, the browser journeys, the benchmark and Lighthouse.

export interface SectionImages {
  /** The testimonials' photos (the first three quotes get one each). */
  portraits: readonly ImageRef[];
  author: ImageRef | null;
  /** The logos of the "as featured in" row. */
  logos: readonly ImageRef[];
}

export const SECTION_VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export interface DeadlineChoice {
  endsAt?: string;
  timeZone?: string;
  afterDeadline?: SectionOf<'deadline'>['afterDeadline'];
  endedMessage?: string;
}

/** One section of every kind, in the order a marketer would put them, filled generously. */
export function everySection(
  images: SectionImages = { portraits: [], author: null, logos: [] },
  deadline: DeadlineChoice = {},
): Section[] {
  const quote = (i: number, name: string, role: string, text: string) => ({
    quote: text,
    name,
    role,
    photo: images.portraits[i] ?? null,
  });
  return [
    {
      id: 'inside',
      hidden: false,
      type: 'benefits',
      heading: "What's inside the playbook",
      items: [
        { icon: 'book', text: '**42 pages** of step-by-step tactics, from your first subscriber to your ten-thousandth.' },
        { icon: 'chart', text: 'The *exact* welcome sequence that lifted our open rates from 21% to 48% in three months.' },
        { icon: 'target', text: 'A segmentation worksheet to send each reader what they came for, and nothing else.' },
        { icon: 'bolt', text: '17 subject lines that get opened, with the reasons why they work and when they do not.' },
        { icon: 'shield', text: 'A deliverability checklist: SPF, DKIM, DMARC and list hygiene in plain words.' },
        {
          icon: 'gift',
          text: 'Bonus: our [editorial calendar template](https://northwind.example/calendar) for a year of emails.',
        },
      ],
    },
    {
      id: 'video',
      hidden: false,
      type: 'video',
      heading: 'See the playbook in two minutes',
      url: SECTION_VIDEO_URL,
      title: 'A two-minute tour of the Email Marketing Playbook',
    },
    {
      id: 'praise',
      hidden: false,
      type: 'testimonials',
      heading: 'What readers say',
      items: [
        quote(
          0,
          'Maya Lindqvist',
          'Founder, Fika & Co.',
          'I had been sending a newsletter for two years without a plan. After one weekend with this playbook I rewrote our welcome emails, and **sales from email doubled** in the first month.',
        ),
        quote(
          1,
          'Tomás Herrera',
          'Marketing lead, Brightpath',
          'The deliverability checklist alone was worth it. We found three problems our agency had missed, fixed them in an afternoon, and our emails stopped landing in spam.',
        ),
        quote(
          2,
          'Aisha Okafor',
          'Author of *Small Shop, Big List*',
          'Clear, practical and honest about what does not work. I give it to every client who asks me where to start with email.',
        ),
      ],
    },
    {
      id: 'author',
      hidden: false,
      type: 'author',
      heading: 'About the author',
      name: 'Jordan Avery',
      bio: 'Jordan has run email marketing for independent shops and publishers for **twelve years**, and has written more than 1,500 newsletters for brands of every size.\n\nBefore starting Northwind Press, Jordan led growth at two e-commerce companies and taught the *Email That Sells* course to 4,000 students.',
      photo: images.author,
      links: [
        { label: 'Website', url: 'https://northwind.example' },
        { label: 'LinkedIn', url: 'https://www.linkedin.com/in/jordan-avery-example' },
        { label: 'Email Jordan', url: 'mailto:jordan@northwind.example' },
      ],
    },
    {
      id: 'featured',
      hidden: false,
      type: 'logos',
      heading: 'As featured in',
      items: images.logos.map((image, i) => ({ image, alt: `Partner ${i + 1}` })),
    },
    {
      id: 'questions',
      hidden: false,
      type: 'faq',
      heading: 'Questions, answered',
      items: [
        {
          question: 'Is the playbook really free?',
          answer:
            'Yes. Enter your email and we send the PDF straight away. You will also get our weekly newsletter, which you can leave with one click at any time.',
        },
        {
          question: 'Who is it for?',
          answer:
            'Owners and marketers of small businesses who send, or want to send, a newsletter:\n\n- shops and makers\n- coaches and consultants\n- publishers and creators',
        },
        {
          question: 'Which email tool do I need?',
          answer:
            'Any of them. The tactics work with Mailchimp, Kit, Brevo or anything else; where a step depends on the tool, the playbook shows it for the most common ones.',
        },
        {
          question: 'How long does it take to read?',
          answer:
            'About an hour for the whole thing. Each chapter ends with a checklist, so you can put one idea to work the same day.',
        },
        {
          question: 'Can I share it with my team?',
          answer: 'Of course. Forward the PDF to anyone in your company, or send them the link to this page.',
        },
      ],
    },
    {
      id: 'deadline',
      hidden: false,
      type: 'deadline',
      heading: 'The bonus calendar is free until',
      endsAt: deadline.endsAt ?? '2030-06-30T18:00',
      timeZone: deadline.timeZone ?? 'Europe/London',
      afterDeadline: deadline.afterDeadline ?? 'keepForm',
      endedMessage: deadline.endedMessage ?? 'The free edition has ended. Thank you to the 12,000 readers who got it!',
    },
    {
      id: 'again',
      hidden: false,
      type: 'cta',
      heading: 'Ready to grow your list?',
      text: 'Join **12,000 readers** who already use the playbook. It is free, and it takes ten seconds.',
      buttonText: 'Send me the playbook',
    },
  ];
}
