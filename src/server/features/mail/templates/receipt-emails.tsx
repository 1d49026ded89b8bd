import { Fragment } from 'react';
import { Button, Column, Link, Row, Section, Text } from '@react-email/components';
import type { EmailBrand } from './email-brand.js';
import { button, buttonFor, EmailLayout, linkFor, text } from './layout.js';

// A paid order's receipt to its buyer, in the page's brand (docs/decisions/0083), and the notice to
// a workspace's owners that one of their paid files could not be stamped.

/** What a receipt shows; the email and the receipt page are made from the same props. */
export interface ReceiptProps {
  businessName: string;
  /** The seller's postal address, lines separated by newlines; '' when the workspace has none yet. */
  businessAddress: string;
  item: string;
  orderNumber: number;
  /** ISO 8601: when the payment was confirmed. */
  paidAt: string;
  /** The receipt's money lines (net, tax, discount, total), already formatted. */
  lines: { label: string; value: string }[];
  providerName: string;
  /** Where a buyer asks for a refund: the page's reply-to address (the seller's). */
  refundContact: string | null;
  receiptUrl: string;
  brand?: EmailBrand;
}

export const receiptSubject = (p: ReceiptProps) => `Your receipt from ${p.businessName} (order ${p.orderNumber})`;

export const receiptDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' } as Intl.DateTimeFormatOptions);

/** How to get a refund: from the seller, by replying to the receipt (its Reply-To is the seller's) or writing to them. */
export const refundText = (p: Pick<ReceiptProps, 'businessName' | 'refundContact'>, onPage = false) =>
  p.refundContact
    ? `To ask for a refund, ${onPage ? 'write to' : 'reply to this email or write to'} ${p.refundContact}, with your order number.`
    : `To ask for a refund, ${onPage ? 'reply to the receipt email' : 'reply to this email'} with your order number: it goes to ${p.businessName}.`;

const small = { ...text, margin: '0', fontSize: '14px', lineHeight: '22px' };

export function ReceiptEmail(p: ReceiptProps) {
  const address = p.businessAddress.split('\n').filter((line) => line.trim() !== '');
  return (
    <EmailLayout
      preview={receiptSubject(p)}
      brand={p.businessName}
      look={p.brand}
      footer={`You received this receipt because you bought ${p.item} from ${p.businessName}. Keep it for your records.`}
    >
      <Text style={text}>Thank you for your purchase. This is your receipt.</Text>
      <Text style={small}>
        <strong>Order</strong> {p.orderNumber}
        <br />
        <strong>Date</strong> {receiptDate(p.paidAt)}
        <br />
        <strong>Item</strong> {p.item}
        <br />
        <strong>Paid with</strong> {p.providerName}
      </Text>
      <Section style={{ margin: '16px 0' }}>
        {p.lines.map((line) => (
          <Row key={line.label}>
            <Column style={small}>{line.label}</Column>
            <Column style={{ ...small, textAlign: 'right' }}>{line.value}</Column>
          </Row>
        ))}
      </Section>
      <Text style={small}>
        <strong>Seller</strong> {p.businessName}
        {address.map((line, i) => (
          <Fragment key={i}>
            <br />
            {line}
          </Fragment>
        ))}
      </Text>
      <Text style={text}>{refundText(p)}</Text>
      <Button href={p.receiptUrl} style={buttonFor(p.brand)}>
        View or print your receipt
      </Button>
      <Text style={text}>
        Or open this link:{' '}
        <Link href={p.receiptUrl} style={linkFor(p.brand)}>
          {p.receiptUrl}
        </Link>
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
