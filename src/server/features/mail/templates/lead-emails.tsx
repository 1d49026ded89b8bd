import { Fragment } from 'react';
import { Button, Link, Text } from '@react-email/components';
import {
  emailParagraphs,
  emailSubject,
  emailWordingIn,
  placeholderValues,
  type EmailWording,
  type VisitorEmail,
} from '@/domain/email-copy';
import type { Language } from '@/domain/i18n/languages';
import type { Translate } from '@/domain/i18n/translate';
import { visitorWords } from '@/server/lib/visitor-words';
import type { EmailBrand } from './email-brand.js';
import { buttonFor, EmailLayout, linkFor, rich, text } from './layout.js';

// Emails to a landing page's visitors, in the page's language (docs/decisions/0085). They carry the
// owner's business name and lead-magnet name (owner content) and links; the owner's own words where
// the page has some (its `emails`), as escaped plain text; of what the visitor typed, only the
// address they arrive at and, where the owner's words greet them by name, their first name.

const footerFor = (t: Translate, businessName: string) => t('email.visitor.footer', { businessName });

const wordings = new Map<Language, EmailWording>();
/** Lodestone's wording of the owner's parts in `t`'s language, made once per language. */
function wordingOf(t: Translate): EmailWording {
  let wording = wordings.get(t.language);
  if (!wording) {
    wording = emailWordingIn(t);
    wordings.set(t.language, wording);
  }
  return wording;
}

/** What a visitor email's props say about its words: their language (absent in jobs queued before: English). */
interface InLanguage {
  /** The language of the page the visitor signed up on. */
  language?: Language;
}

/** The subject: the owner's, else Lodestone's in the email's language, filled in. */
function subjectOf(email: VisitorEmail, p: InLanguage & PlaceholderProps) {
  const t = visitorWords(p.language);
  return emailSubject(email, p.copy?.subject, placeholderValues(p, t('email.firstNameFallback')), wordingOf(t));
}

/** The text's paragraphs: the owner's, else Lodestone's in the email's language, filled in. */
function paragraphsOf(email: VisitorEmail, t: Translate, p: PlaceholderProps) {
  return emailParagraphs(email, p.copy?.text, placeholderValues(p, t('email.firstNameFallback')), wordingOf(t));
}

type PlaceholderProps = { businessName: string; leadMagnetName: string; firstName?: string; code?: string; copy?: OwnerWords };

/** The owner's words for one email ('' keeps Lodestone's); absent in jobs queued before owners could write them. */
export interface OwnerWords {
  subject: string;
  text: string;
}

/** Paragraphs of plain text, each line escaped by React: owner HTML shows as typed, never as markup. */
function Paragraphs({ paragraphs }: { paragraphs: string[][] }) {
  return paragraphs.map((lines, i) => (
    <Text key={i} style={text}>
      {lines.map((line, j) => (
        <Fragment key={j}>
          {j > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  ));
}

export interface ConfirmEmailProps extends InLanguage {
  businessName: string;
  leadMagnetName: string;
  code: string;
  confirmUrl: string;
  copy?: OwnerWords;
  /** The visitor's first name, only when the owner's words use {first_name}. */
  firstName?: string;
  /** The page's colour and logo; absent in jobs queued before emails carried them. */
  brand?: EmailBrand;
}

export const confirmSubject = (p: ConfirmEmailProps) => subjectOf('confirm', p);

/** How long a code works, in hours, as the email says it. */
const CODE_VALID_HOURS = 24;

// The code, the button and the link to paste stay whatever the owner writes: the email is for them.
export function ConfirmEmail(props: ConfirmEmailProps) {
  const { businessName, leadMagnetName, code, confirmUrl, brand } = props;
  const t = visitorWords(props.language);
  return (
    <EmailLayout
      preview={t('email.confirm.preview', { leadMagnet: leadMagnetName })}
      brand={businessName}
      look={brand}
      footer={footerFor(t, businessName)}
      t={t}
    >
      <Paragraphs paragraphs={paragraphsOf('confirm', t, { ...props, code: undefined })} />
      <Text style={text}>{t('email.confirm.codeLabel', { hours: CODE_VALID_HOURS })}</Text>
      <Text style={{ ...text, fontSize: '28px', fontWeight: 700, letterSpacing: '6px' }}>{code}</Text>
      <Text style={text}>{t('email.confirm.oneClick')}</Text>
      <Button href={confirmUrl} style={buttonFor(brand)}>
        {t('email.confirm.button')}
      </Button>
      <Text style={text}>
        {rich(
          t,
          'email.confirm.pasteLink',
          { url: confirmUrl },
          {
            link: (children) => (
              <Link href={confirmUrl} style={linkFor(brand)}>
                {children}
              </Link>
            ),
          },
        )}
      </Text>
    </EmailLayout>
  );
}

// Lodestone's own words for the delivery email are its own, not the page's thank-you message: that
// is written for the page ("Check your email for your copy…") and reads wrong inside the very email
// it announces.
export interface DeliveryEmailProps extends InLanguage {
  businessName: string;
  leadMagnetName: string;
  downloadUrl: string;
  thankYouUrl: string;
  expiresInDays: number;
  copy?: OwnerWords;
  /** The visitor's first name, only when the owner's words use {first_name}. */
  firstName?: string;
  /** The page's colour and logo; absent in jobs queued before emails carried them. */
  brand?: EmailBrand;
}

export const deliverySubject = (p: DeliveryEmailProps) => subjectOf('delivery', p);

// The download button and the note on how long its link works stay whatever the owner writes.
export function DeliveryEmail(props: DeliveryEmailProps) {
  const { businessName, leadMagnetName, downloadUrl, thankYouUrl, expiresInDays, brand } = props;
  const t = visitorWords(props.language);
  return (
    <EmailLayout
      preview={t('email.delivery.preview', { leadMagnet: leadMagnetName })}
      brand={businessName}
      look={brand}
      footer={footerFor(t, businessName)}
      t={t}
    >
      <Paragraphs paragraphs={paragraphsOf('delivery', t, props)} />
      <Button href={downloadUrl} style={buttonFor(brand)}>
        {t('email.delivery.button', { leadMagnet: leadMagnetName })}
      </Button>
      <Text style={text}>
        {rich(
          t,
          'email.delivery.validity',
          { days: expiresInDays },
          {
            link: (children) => (
              <Link href={thankYouUrl} style={linkFor(brand)}>
                {children}
              </Link>
            ),
          },
        )}
      </Text>
    </EmailLayout>
  );
}
