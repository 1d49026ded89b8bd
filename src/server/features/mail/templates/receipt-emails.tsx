import { Fragment } from 'react';
import { Button, Column, Link, Row, Section, Text } from '@react-email/components';
import { directionOf, type Language } from '@/domain/i18n/languages';
import type { Translate } from '@/domain/i18n/translate';
import { visitorWords } from '@/server/lib/visitor-words';
import type { EmailBrand } from './email-brand.js';
import { button, buttonFor, EmailLayout, linkFor, rich, text } from './layout.js';

// A paid order's receipt to its buyer, in the page's brand (docs/decisions/0083) and language
// (docs/decisions/0085), and the notice to a workspace's owners that one of their paid files could
// not be stamped.

/** What a receipt shows; the email and the receipt page are made from the same props. */
export interface ReceiptProps {
  businessName: string;
  /** The seller's postal address, lines separated by newlines; '' when the workspace has none yet. */
  businessAddress: string;
  item: string;
  orderNumber: number;
  /** ISO 8601: when the payment was confirmed. */
  paidAt: string;
  /** The receipt's money lines (net, tax, discount, total), already formatted in `language`. */
  lines: { label: string; value: string }[];
  providerName: string;
  /** Where a buyer asks for a refund: the page's reply-to address (the seller's). */
  refundContact: string | null;
  receiptUrl: string;
  brand?: EmailBrand;
  /** The language of the page it was bought on; absent in jobs queued before: English. */
  language?: Language;
}

// The order number is a name, not an amount: never written with a thousands separator.
export const receiptSubject = (p: ReceiptProps) =>
  visitorWords(p.language)('email.receipt.subject', { businessName: p.businessName, orderNumber: String(p.orderNumber) });

/** The day of a payment as a reader of `language` writes it (English: "March 4, 2026"). */
export const receiptDate = (iso: string, language: Language = 'en') =>
  new Date(iso).toLocaleDateString(language === 'en' ? 'en-US' : language, {
    dateStyle: 'long',
    timeZone: 'UTC',
  } as Intl.DateTimeFormatOptions);

/**
 * How to get a refund: from the seller, by replying to the receipt (its Reply-To is the seller's) or
 * writing to them; in English unless `t` says otherwise.
 */
export const refundText = (
  p: Pick<ReceiptProps, 'businessName' | 'refundContact'>,
  onPage = false,
  t: Translate = visitorWords(undefined),
) =>
  p.refundContact
    ? t(onPage ? 'receipt.refund.write' : 'receipt.refund.writeOrReply', { contact: p.refundContact })
    : t(onPage ? 'receipt.refund.replyToReceipt' : 'receipt.refund.reply', { businessName: p.businessName });

const small = { ...text, margin: '0', fontSize: '14px', lineHeight: '22px' };

export function ReceiptEmail(p: ReceiptProps) {
  const t = visitorWords(p.language);
  const address = p.businessAddress.split('\n').filter((line) => line.trim() !== '');
  // Amounts line up at the end of the line: the right in English, the left in Arabic.
  const end = directionOf(t.language) === 'rtl' ? 'left' : 'right';
  return (
    <EmailLayout
      preview={receiptSubject(p)}
      brand={p.businessName}
      look={p.brand}
      footer={t('email.receipt.footer', { item: p.item, businessName: p.businessName })}
      t={t}
    >
      <Text style={text}>{t('email.receipt.intro')}</Text>
      <Text style={small}>
        <strong>{t('email.receipt.label.order')}</strong> {p.orderNumber}
        <br />
        <strong>{t('email.receipt.label.date')}</strong> {receiptDate(p.paidAt, t.language)}
        <br />
        <strong>{t('receipt.label.item')}</strong> {p.item}
        <br />
        <strong>{t('receipt.label.paidWith')}</strong> {p.providerName}
      </Text>
      <Section style={{ margin: '16px 0' }}>
        {p.lines.map((line) => (
          <Row key={line.label}>
            <Column style={small}>{line.label}</Column>
            <Column style={{ ...small, textAlign: end }}>{line.value}</Column>
          </Row>
        ))}
      </Section>
      <Text style={small}>
        <strong>{t('receipt.label.seller')}</strong> {p.businessName}
        {address.map((line, i) => (
          <Fragment key={i}>
            <br />
            {line}
          </Fragment>
        ))}
      </Text>
      <Text style={text}>{refundText(p, false, t)}</Text>
      <Button href={p.receiptUrl} style={buttonFor(p.brand)}>
        {t('email.receipt.button')}
      </Button>
      <Text style={text}>
        {rich(
          t,
          'email.receipt.openLink',
          { url: p.receiptUrl },
          {
            link: (children) => (
              <Link href={p.receiptUrl} style={linkFor(p.brand)}>
                {children}
              </Link>
            ),
          },
        )}
      </Text>
    </EmailLayout>
  );
}

export interface StampFailedProps {
  pageName: string;
  fileName: string;
  reason: string;
  pageUrl: string;
}

export const stampFailedSubject = (p: StampFailedProps) => `The file of ${p.pageName} is delivered without its buyer's stamp`;

export function StampFailedEmail(p: StampFailedProps) {
  return (
    <EmailLayout preview={stampFailedSubject(p)}>
      <Text style={text}>
        A buyer of {p.pageName} just downloaded {p.fileName}. Lodestone stamps each page of a paid PDF with the buyer’s address
        and order number, but could not stamp this file: {p.reason}
      </Text>
      <Text style={text}>
        Buyers still get the file, as you uploaded it. To have it stamped, upload a PDF that is not password-protected and opens
        in a PDF reader. We tell you once per file.
      </Text>
      <Button href={p.pageUrl} style={button}>
        Open the page
      </Button>
    </EmailLayout>
  );
}
