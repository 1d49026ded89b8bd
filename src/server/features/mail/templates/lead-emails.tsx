import { Fragment } from 'react';
import { Button, Link, Text } from '@react-email/components';
import { emailParagraphs, emailSubject, placeholderValues } from '@/domain/email-copy';
import type { EmailBrand } from './email-brand.js';
import { buttonFor, EmailLayout, linkFor, text } from './layout.js';

// Emails to a landing page's visitors. They carry the owner's business name and lead-magnet name
// (owner content) and links; the owner's own words where the page has some (its `emails`), as
// escaped plain text; of what the visitor typed, only the address they arrive at and, where the
// owner's words greet them by name, their first name.

const footerFor = (businessName: string) =>
  `You received this email because this address was entered on a ${businessName} page built with Lodestone. If it was not you, ignore it: nothing happens without a confirmation.`;

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

export interface ConfirmEmailProps {
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

export const confirmSubject = (p: ConfirmEmailProps) => emailSubject('confirm', p.copy?.subject, placeholderValues(p));

// The code, the button and the link to paste stay whatever the owner writes: the email is for them.
export function ConfirmEmail(props: ConfirmEmailProps) {
  const { businessName, leadMagnetName, code, confirmUrl, copy, brand } = props;
  return (
    <EmailLayout
      preview={`Confirm your email to get ${leadMagnetName}`}
      brand={businessName}
      look={brand}
      footer={footerFor(businessName)}
    >
      <Paragraphs paragraphs={emailParagraphs('confirm', copy?.text, placeholderValues({ ...props, code: undefined }))} />
      <Text style={text}>Your verification code (valid for 24 hours):</Text>
      <Text style={{ ...text, fontSize: '28px', fontWeight: 700, letterSpacing: '6px' }}>{code}</Text>
      <Text style={text}>Or confirm with one click:</Text>
      <Button href={confirmUrl} style={buttonFor(brand)}>
        Confirm my email
      </Button>
      <Text style={text}>
        If the button does not work, paste this link into your browser:{' '}
        <Link href={confirmUrl} style={linkFor(brand)}>
          {confirmUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}

// Lodestone's own words for the delivery email are its own, not the page's thank-you message: that
// is written for the page ("Check your email for your copy…") and reads wrong inside the very email
// it announces.
export interface DeliveryEmailProps {
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

export const deliverySubject = (p: DeliveryEmailProps) => emailSubject('delivery', p.copy?.subject, placeholderValues(p));

// The download button and the note on how long its link works stay whatever the owner writes.
export function DeliveryEmail(props: DeliveryEmailProps) {
  const { businessName, leadMagnetName, downloadUrl, thankYouUrl, expiresInDays, copy, brand } = props;
  return (
    <EmailLayout
      preview={`${leadMagnetName} is ready to download`}
      brand={businessName}
      look={brand}
      footer={footerFor(businessName)}
    >
      <Paragraphs paragraphs={emailParagraphs('delivery', copy?.text, placeholderValues(props))} />
      <Button href={downloadUrl} style={buttonFor(brand)}>
        Download {leadMagnetName}
      </Button>
      <Text style={text}>
        The download link works for {expiresInDays} days. After that, get a fresh one on your{' '}
        <Link href={thankYouUrl} style={linkFor(brand)}>
          download page
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}
