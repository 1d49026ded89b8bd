import { Button, Link, Text } from '@react-email/components';
import { formatUtcMomentUs } from '@/domain/us-english';
import { button, EmailLayout, text } from './layout.js';

// The email to a workspace's owners when a webhook endpoint kept failing and was disabled.

export interface WebhookDisabledProps {
  workspaceName: string;
  endpointUrl: string;
  reason: string;
  /** ISO 8601: the first failed attempt since the last success. */
  failingSince: string;
  /** APP_URL/settings/integrations */
  settingsUrl: string;
}

export const webhookDisabledSubject = (p: WebhookDisabledProps) => `A webhook of ${p.workspaceName} was disabled`;

export function WebhookDisabledEmail(p: WebhookDisabledProps) {
  return (
    <EmailLayout preview={webhookDisabledSubject(p)}>
      <Text style={text}>
        Lodestone could not deliver events to {p.endpointUrl} since {formatUtcMomentUs(p.failingSince)}, so this webhook endpoint
        was disabled.
      </Text>
      <Text style={text}>Last failure: {p.reason}</Text>
      <Text style={text}>
        Events that were waiting stay in its delivery log. Once the receiver works again, enable the endpoint and replay what it
        missed.
      </Text>
      <Button href={p.settingsUrl} style={button}>
        Open your integrations
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={p.settingsUrl}>{p.settingsUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
