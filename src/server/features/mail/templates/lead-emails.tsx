import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

// Emails to a landing page's visitors. They carry the owner's business name and lead-magnet name
// (owner content) and links; nothing the visitor typed except the address they arrive at.

const footerFor = (businessName: string) =>
  `You received this email because this address was entered on a ${businessName} page built with Lodestone. If it was not you, ignore it: nothing happens without a confirmation.`;

export interface ConfirmEmailProps {
  businessName: string;
  leadMagnetName: string;
  code: string;
  confirmUrl: string;
}

export const confirmSubject = (p: ConfirmEmailProps) => `${p.code} is your code for ${p.leadMagnetName}`;

export function ConfirmEmail({ businessName, leadMagnetName, code, confirmUrl }: ConfirmEmailProps) {
  return (
    <EmailLayout preview={`Confirm your email to get ${leadMagnetName}`} brand={businessName} footer={footerFor(businessName)}>
      <Text style={text}>Confirm your email address to get {leadMagnetName}.</Text>
      <Text style={text}>Your verification code (valid for 24 hours):</Text>
      <Text style={{ ...text, fontSize: '28px', fontWeight: 700, letterSpacing: '6px' }}>{code}</Text>
      <Text style={text}>Or confirm with one click:</Text>
      <Button href={confirmUrl} style={button}>
        Confirm my email
      </Button>
      <Text style={text}>
        If the button does not work, paste this link into your browser: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

// The delivery email writes its own words: the owner's thank-you message is written for the page
// ("Check your email for your copy…") and reads wrong inside the very email it announces.
export interface DeliveryEmailProps {
  businessName: string;
  leadMagnetName: string;
  downloadUrl: string;
  thankYouUrl: string;
  expiresInDays: number;
}

export const deliverySubject = (p: DeliveryEmailProps) => `Your download: ${p.leadMagnetName}`;

export function DeliveryEmail({ businessName, leadMagnetName, downloadUrl, thankYouUrl, expiresInDays }: DeliveryEmailProps) {
  return (
    <EmailLayout preview={`${leadMagnetName} is ready to download`} brand={businessName} footer={footerFor(businessName)}>
      <Text style={text}>
        Here is {leadMagnetName}. Thank you for requesting it from {businessName}.
      </Text>
      <Button href={downloadUrl} style={button}>
        Download {leadMagnetName}
      </Button>
      <Text style={text}>
        The download link works for {expiresInDays} days. After that, get a fresh one on your{' '}
        <Link href={thankYouUrl}>download page</Link>.
      </Text>
    </EmailLayout>
  );
}
