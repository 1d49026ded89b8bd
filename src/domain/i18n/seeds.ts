import type { FormConfig, FormField } from '@/domain/form-config';
import type { Section, SectionType } from '@/domain/sections';
import type { MessageKey, Translate } from './translate';

// The words Lodestone writes into a page for its owner to keep or change (the email field's label,
// the thank-you message, a section's usual heading). They are the owner's from then on, so they are
// saved in the page; but while they still read as Lodestone wrote them, a page moved to another
// language gets them in that language (docs/decisions/0085).

const FIELD_SEEDS: ReadonlyArray<readonly [keyof Pick<FormField, 'label' | 'placeholder'>, MessageKey]> = [
  ['label', 'seed.field.email.label'],
  ['placeholder', 'seed.field.email.placeholder'],
  ['label', 'seed.field.new.label'],
];

const HEADING_SEEDS: Partial<Record<SectionType, MessageKey>> = {
  benefits: 'seed.section.benefits.heading',
  testimonials: 'seed.section.testimonials.heading',
  author: 'seed.section.author.heading',
  faq: 'seed.section.faq.heading',
  logos: 'seed.section.logos.heading',
  deadline: 'seed.section.deadline.heading',
};

/** `text` in `to`'s words when it is exactly what `from` wrote for `key`; otherwise the owner's, unchanged. */
const swap = (text: string, key: MessageKey, from: Translate, to: Translate) => (text === from(key) ? to(key) : text);

function reseedSection(section: Section, from: Translate, to: Translate): Section {
  const key = HEADING_SEEDS[section.type];
  let next = key ? { ...section, heading: swap(section.heading, key, from, to) } : section;
  if (next.type === 'deadline') next = { ...next, endedMessage: swap(next.endedMessage, 'form.closed.default', from, to) };
  return next;
}

/** `config` with every word Lodestone wrote in `from`'s language, and the owner left as it was, in `to`'s. */
export function reseedPage(config: FormConfig, from: Translate, to: Translate): FormConfig {
  if (from.language === to.language) return config;
  const sections = (list: readonly Section[]) => list.map((section) => reseedSection(section, from, to));
  return {
    ...config,
    fields: config.fields.map((field) =>
      FIELD_SEEDS.reduce((f, [part, key]) => ({ ...f, [part]: swap(f[part], key, from, to) }), field),
    ),
    thankyouMessage: swap(config.thankyouMessage, 'seed.thankYou.message', from, to),
    sections: sections(config.sections),
    abTest: config.abTest.sections ? { ...config.abTest, sections: sections(config.abTest.sections) } : config.abTest,
  };
}
