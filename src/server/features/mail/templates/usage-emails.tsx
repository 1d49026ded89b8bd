import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

// Emails to a workspace's owners about their plan's usage.

export interface SubmissionLimitProps {
  workspaceName: string;
  /** The percentage reached: 80 (a warning) or 100 (new sign-ups are refused). */
  threshold: number;
  used: number;
  limit: number;
  /** When the count starts again, e.g. "August 1". */
  resetsOn: string;
  dashboardUrl?: string;
}

export const submissionLimitSubject = (p: SubmissionLimitProps) =>
  p.threshold >= 100
    ? `Your landing pages have reached this month's ${p.limit} sign-ups`
    : `You have used ${p.threshold}% of this month's ${p.limit} sign-ups`;

export function SubmissionLimitEmail({ workspaceName, threshold, used, limit, resetsOn, dashboardUrl }: SubmissionLimitProps) {
  const full = threshold >= 100;
  return (
    <EmailLayout preview={submissionLimitSubject({ workspaceName, threshold, used, limit, resetsOn })}>
      <Text style={text}>
        {workspaceName} has {used} confirmed sign-ups this month. The Free plan includes {limit} a month.
      </Text>
      {full ? (
        <Text style={text}>
          Your landing pages are not taking new sign-ups until {resetsOn}: visitors see a page saying so. People who already
          signed up can still confirm their email and download your file.
        </Text>
      ) : (
        <Text style={text}>
          When {limit} sign-ups are confirmed, your landing pages stop taking new ones until {resetsOn}.
        </Text>
      )}
      <Text style={text}>Upgrade to Pro for unlimited sign-ups.</Text>
      {dashboardUrl && (
        <>
          <Button href={dashboardUrl} style={button}>
            Open Lodestone
          </Button>
          <Text style={text}>
            Or paste this link into your browser: <Link href={dashboardUrl}>{dashboardUrl}</Link>
          </Text>
        </>
      )}
    </EmailLayout>
  );
}
