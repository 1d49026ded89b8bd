import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

// The email to a workspace's owners when its sending domain's DNS records are gone (docs/decisions/0089).

export interface SendingDomainFailingProps {
  workspaceName: string;
  domain: string;
  /** The address visitors' emails came from while the domain was verified. */
  fromAddress: string;
  /** Which records the check did not find as they should be: 'the DKIM record', 'the DKIM and SPF records'. */
  missing: string;
  /** APP_URL/settings/domains */
  settingsUrl: string;
}

export const sendingDomainFailingSubject = (p: SendingDomainFailingProps) =>
  `Visitor emails no longer come from ${p.domain}: its DNS needs fixing`;

export function SendingDomainFailingEmail(p: SendingDomainFailingProps) {
  return (
    <EmailLayout preview={sendingDomainFailingSubject(p)}>
      <Text style={text}>
        A check of the DNS of {p.domain}, the sending domain of {p.workspaceName}, did not find {p.missing} as set up for
        Lodestone.
      </Text>
      <Text style={text}>
        Until the records are back, the emails your visitors get come from Lodestone&apos;s own address instead of {p.fromAddress}
        , so that they keep arriving. Replies still go to your reply-to address. Lodestone checks the domain every hour and sends
        from it again as soon as the records are found.
      </Text>
      <Button href={p.settingsUrl} style={button}>
        Check your sending domain
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={p.settingsUrl}>{p.settingsUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
