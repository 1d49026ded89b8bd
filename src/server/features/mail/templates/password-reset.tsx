import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

export interface PasswordResetProps {
  name: string;
  url: string;
  expiresInMinutes: number;
}

export const passwordResetSubject = 'Reset your Lodestone password';

export function PasswordResetEmail({ name, url, expiresInMinutes }: PasswordResetProps) {
  return (
    <EmailLayout preview="Reset your Lodestone password">
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        Someone asked to reset the password of your Lodestone account. Choose a new password with the button below. The link works
        once and expires in {expiresInMinutes} minutes.
      </Text>
      <Button href={url} style={button}>
        Reset password
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={url}>{url}</Link>
      </Text>
      <Text style={text}>If you did not ask for this, ignore this email: your password stays as it is.</Text>
    </EmailLayout>
  );
}
