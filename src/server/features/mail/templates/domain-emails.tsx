import { Button, Link, Text } from '@react-email/components';
import { formatUtcMomentUs } from '@/domain/us-english';
import { button, EmailLayout, text } from './layout.js';

// Emails to a workspace's owners when a custom domain's DNS records are gone (docs/decisions/0055).

export interface DomainFailingProps {
  workspaceName: string;
  hostname: string;
  /** Which records the check did not find as they should be: 'the TXT record', 'the TXT and CNAME records'. */
  missing: string;
  /** ISO 8601: when the domain stops serving unless the records come back. */
  disablesAt: string;
  /** APP_URL/settings/domains */
  settingsUrl: string;
}

export const domainFailingSubject = (p: DomainFailingProps) =>
  `${p.hostname} will stop serving your pages unless its DNS is fixed`;

export function DomainFailingEmail(p: DomainFailingProps) {
  return (
    <EmailLayout preview={domainFailingSubject(p)}>
      <Text style={text}>
        A check of the DNS of {p.hostname}, the custom domain of {p.workspaceName}, did not find {p.missing} as set up for
        Lodestone. Your pages are still served there for now.
      </Text>
      <Text style={text}>
        If the records are not back by {formatUtcMomentUs(p.disablesAt)}, {p.hostname} stops serving your pages. Your pages stay
        live at their Lodestone address either way.
      </Text>
      <Button href={p.settingsUrl} style={button}>
        Check your domain
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={p.settingsUrl}>{p.settingsUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

export interface DomainDisabledProps {
  workspaceName: string;
  hostname: string;
  settingsUrl: string;
}

export const domainDisabledSubject = (p: DomainDisabledProps) => `${p.hostname} no longer serves your pages`;

export function DomainDisabledEmail(p: DomainDisabledProps) {
  return (
    <EmailLayout preview={domainDisabledSubject(p)}>
      <Text style={text}>
        The DNS records of {p.hostname}, the custom domain of {p.workspaceName}, stayed missing, so Lodestone stopped serving your
        pages there. Your pages stay live at their Lodestone address.
      </Text>
      <Text style={text}>
        Once the records are back, verify the domain again in your settings and it serves your pages again.
      </Text>
      <Button href={p.settingsUrl} style={button}>
        Open your domains
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={p.settingsUrl}>{p.settingsUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
