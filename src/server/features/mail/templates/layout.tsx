import { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
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
}: {
  preview: string;
  children: ReactNode;
  footer?: string;
  brand?: string;
  /** A page's colour and logo (visitor emails); Lodestone's indigo without one. */
  look?: EmailBrand;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
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
