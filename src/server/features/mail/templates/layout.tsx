import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

const styles = {
  body: { backgroundColor: '#f4f4f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px' },
  brand: { color: '#4f46e5', fontSize: '20px', fontWeight: 700, margin: '0 0 24px' },
  footer: { color: '#6b7280', fontSize: '12px', lineHeight: '18px' },
};

export function EmailLayout({
  preview,
  children,
  footer = 'You received this email because of an action on your Lodestone account.',
  brand = 'Lodestone',
}: {
  preview: string;
  children: ReactNode;
  footer?: string;
  brand?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{brand}</Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={styles.footer}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const text = { color: '#111827', fontSize: '15px', lineHeight: '24px' };
export const button = {
  backgroundColor: '#4f46e5',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
