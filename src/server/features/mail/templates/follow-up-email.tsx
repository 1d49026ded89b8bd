import { Fragment } from 'react';
import { Link, Text } from '@react-email/components';
import { emailParagraphs, fillPlaceholders, placeholderValues } from '@/domain/email-copy';
import type { Language } from '@/domain/i18n/languages';
import { visitorWords } from '@/server/lib/visitor-words';
import type { EmailBrand } from './email-brand.js';
import { EmailLayout, linkFor, text } from './layout.js';

// One email of a page's follow-up sequence (docs/decisions/0090), in the page's language: the owner's
// subject and text (escaped plain text, the delivery email's placeholders filled in), the page's
// colour and logo, and a visible way out beside the List-Unsubscribe header the job carries.

export interface FollowUpEmailProps {
  businessName: string;
  leadMagnetName: string;
  /** The step's words as the owner wrote them, placeholders not yet filled in. */
  subject: string;
  text: string;
  /** The lead's first name, only when the owner's words use {first_name}. */
  firstName?: string;
  /** The lead's one-click unsubscribe page (`/unsubscribe/{token}` on PUBLIC_URL). */
  unsubscribeUrl: string;
  brand?: EmailBrand;
  /** The language of the page the lead signed up on (absent: English). */
  language?: Language;
}

const valuesOf = (p: FollowUpEmailProps) => placeholderValues(p, visitorWords(p.language)('email.firstNameFallback'));

/** The owner's subject, filled in, on one line (a header has no line breaks). */
export const followUpSubject = (p: FollowUpEmailProps) => fillPlaceholders(p.subject, valuesOf(p)).replace(/\s+/g, ' ').trim();

export function FollowUpEmail(props: FollowUpEmailProps) {
  const { businessName, leadMagnetName, unsubscribeUrl, brand } = props;
  const t = visitorWords(props.language);
  // The owner's text is never empty (followUpErrors refuses to publish it so): it is what is shown.
  const paragraphs = emailParagraphs('delivery', props.text, valuesOf(props));
  return (
    <EmailLayout
      preview={followUpSubject(props)}
      brand={businessName}
      look={brand}
      footer={t('email.followUp.footer', { leadMagnet: leadMagnetName, businessName })}
      t={t}
    >
      {paragraphs.map((lines, i) => (
        <Text key={i} style={text}>
          {lines.map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
      <Text style={{ ...text, fontSize: '13px' }}>
        <Link href={unsubscribeUrl} style={linkFor(brand)}>
          {t('email.followUp.unsubscribe')}
        </Link>
      </Text>
    </EmailLayout>
  );
}
