import { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import { directionOf } from '@/domain/i18n/languages';
import type { MessageKey, MessageValues, Translate } from '@/domain/i18n/translate';
import { emailColours, type EmailBrand } from './email-brand.js';

const styles = {
  body: { backgroundColor: '#f4f4f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px' },
  brand: { fontSize: '20px', fontWeight: 700, margin: '0 0 24px' },
  logo: { display: 'block', height: 'auto', margin: '0 0 12px', border: 0 },
  footer: { color: '#6b7280', fontSize: '12px', lineHeight: '18px' },
};

export function EmailLayout({
  preview,
  children,
  footer = 'You received this email because of an action on your Lodestone account.',
  brand = 'Lodestone',
  look,
  t,
}: {
  preview: string;
  children: ReactNode;
  footer?: string;
  brand?: string;
  /** A page's colour and logo (visitor emails); Lodestone's indigo without one. */
  look?: EmailBrand;
  /** The words of a visitor's email: its language and direction (English without). */
  t?: Translate;
}) {
  // Gmail drops the document's own attributes: the card says its direction too.
  const rtl = t !== undefined && directionOf(t.language) === 'rtl';
  return (
    <Html lang={t?.language ?? 'en'} dir={rtl ? 'rtl' : 'ltr'}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container} {...(rtl ? { dir: 'rtl' } : {})}>
          {look?.logo && (
            // The business name follows as text: the logo is decorative here, and the plain-text part stays as it was.
            <Img src={look.logo.url} width={look.logo.width} height={look.logo.height} alt="" style={styles.logo} />
          )}
          <Text style={{ ...styles.brand, color: emailColours(look).accent }}>{brand}</Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={styles.footer}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const text = { color: '#111827', fontSize: '15px', lineHeight: '24px' };
export const button = buttonFor(undefined);

/** The email's button in a page's colour (its text and outline kept legible), or in Lodestone's. */
export function buttonFor(look: EmailBrand | undefined) {
  const colours = emailColours(look);
  return {
    backgroundColor: colours.button,
    borderRadius: '6px',
    color: colours.buttonText,
    ...(colours.buttonEdge ? { border: `1px solid ${colours.buttonEdge}` } : {}),
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  };
}

/** A link in a page's colour, legible on the white card (the mail program's own link colour without one). */
export const linkFor = (look: EmailBrand | undefined) => (look ? { color: emailColours(look).accent } : undefined);

/** A message with markup (`<link>…</link>`): each of its tags rendered by `tags`, as React children. */
export function rich(
  t: Translate,
  key: MessageKey,
  values: MessageValues,
  tags: Record<string, (children: ReactNode[]) => ReactNode>,
) {
  return t
    .rich<ReactNode>(key, values, tags as Record<string, (children: Array<string | ReactNode>) => ReactNode>)
    .map((part, i) => <Fragment key={i}>{part}</Fragment>);
}
