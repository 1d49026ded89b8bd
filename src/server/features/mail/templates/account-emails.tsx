import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

export interface EmailChangeProps {
  name: string;
  newEmail: string;
  url: string;
  expiresInHours: number;
}

export const emailChangeSubject = 'Confirm your new Lodestone email address';

/** Sent to the new address: the account's address changes only when its owner opens the link. */
export function EmailChangeEmail({ name, newEmail, url, expiresInHours }: EmailChangeProps) {
  return (
    <EmailLayout preview="Confirm your new Lodestone email address">
      <Text style={text}>Hi {name},</Text>
      <Text style={text}>
        You asked to sign in to Lodestone as {newEmail} from now on. Confirm with the button below; until then your address stays
        as it was. The link works once and expires in {expiresInHours} hours.
      </Text>
      <Button href={url} style={button}>
        Confirm new address
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={url}>{url}</Link>
      </Text>
      <Text style={text}>If you did not ask for this, ignore this email: nothing changes.</Text>
    </EmailLayout>
  );
}
