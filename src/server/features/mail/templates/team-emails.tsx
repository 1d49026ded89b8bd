import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

export interface TeamInvitationProps {
  inviterName: string;
  workspaceName: string;
  /** The role's label: "Editor". */
  role: string;
  url: string;
  expiresInDays: number;
}

export const teamInvitationSubject = (p: TeamInvitationProps) =>
  `${p.inviterName} invited you to ${p.workspaceName} on Lodestone`;

export function TeamInvitationEmail({ inviterName, workspaceName, role, url, expiresInDays }: TeamInvitationProps) {
  return (
    <EmailLayout preview={`Join ${workspaceName} on Lodestone`}>
      <Text style={text}>Hi,</Text>
      <Text style={text}>
        {inviterName} invited you to join {workspaceName} on Lodestone as {role}. Accept with the button below: sign up with this
        address, or sign in if you already have an account. The link works once and expires in {expiresInDays} days.
      </Text>
      <Button href={url} style={button}>
        Accept invitation
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={url}>{url}</Link>
      </Text>
      <Text style={text}>If you did not expect this, ignore this email: nothing happens unless you accept.</Text>
    </EmailLayout>
  );
}
