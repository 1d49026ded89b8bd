import { Button, Link, Text } from '@react-email/components';
import { button, EmailLayout, text } from './layout.js';

// Emails to a workspace's owners about what it pays Lodestone (docs/decisions/0046).

export interface PaymentFailedProps {
  workspaceName: string;
  planTitle: string;
  /** When the workspace moves to Free unless the card is fixed, e.g. "December 11". */
  graceEndsOn: string;
  billingUrl: string;
}

export const paymentFailedSubject = (p: PaymentFailedProps) => `Your payment for ${p.workspaceName}'s ${p.planTitle} plan failed`;

export function PaymentFailedEmail({ workspaceName, planTitle, graceEndsOn, billingUrl }: PaymentFailedProps) {
  return (
    <EmailLayout preview={`Update your card by ${graceEndsOn} to keep ${planTitle}`}>
      <Text style={text}>
        We could not take the payment that renews {workspaceName}&apos;s {planTitle} plan. Your plan stays as it is while we try
        the card again; if it still fails on {graceEndsOn}, the workspace moves to the Free plan.
      </Text>
      <Text style={text}>Your pages stay live and keep every lead either way.</Text>
      <Button href={billingUrl} style={button}>
        Update your card
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={billingUrl}>{billingUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

export interface PlanEndedProps {
  workspaceName: string;
  /** The plan it had, e.g. 'Pro'. */
  planTitle: string;
  reason: 'cancelled' | 'unpaid';
  billingUrl: string;
}

export const planEndedSubject = (p: PlanEndedProps) => `${p.workspaceName} is on the Free plan now`;

export function PlanEndedEmail({ workspaceName, planTitle, reason, billingUrl }: PlanEndedProps) {
  return (
    <EmailLayout preview={planEndedSubject({ workspaceName, planTitle, reason, billingUrl })}>
      <Text style={text}>
        {reason === 'cancelled'
          ? `${workspaceName}'s ${planTitle} plan has ended, as cancelled.`
          : `The payment for ${workspaceName}'s ${planTitle} plan did not go through in time.`}{' '}
        The workspace is on the Free plan now: your pages stay live and nothing is deleted. Leads over the Free plan&apos;s
        monthly sign-ups are kept and shown again when you upgrade.
      </Text>
      <Button href={billingUrl} style={button}>
        Choose a plan
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={billingUrl}>{billingUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
