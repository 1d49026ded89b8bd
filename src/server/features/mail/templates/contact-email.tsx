import { Link, Text } from '@react-email/components';
import { EmailLayout, text } from './layout.js';

// The message a person sent through /contact, as it reaches the support address.

export interface ContactMessageProps {
  /** The stored message's id, to find it again. */
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  /** When it was sent, as an ISO 8601 timestamp. */
  sentAt: string;
}

export const contactMessageSubject = (p: ContactMessageProps) => `[Contact] ${p.topic} from ${p.name}`;

const label = { ...text, color: '#4b5563', margin: '0' };
const value = { ...text, margin: '0 0 12px' };

export function ContactMessageEmail(props: ContactMessageProps) {
  const { id, name, email, topic, message, sentAt } = props;
  return (
    <EmailLayout
      preview={contactMessageSubject(props)}
      footer={`Sent through the Lodestone contact form. Message ${id}. Replying to this email answers the sender.`}
    >
      <Text style={label}>From</Text>
      <Text style={value}>
        {name} &lt;<Link href={`mailto:${email}`}>{email}</Link>&gt;
      </Text>
      <Text style={label}>Topic</Text>
      <Text style={value}>{topic}</Text>
      <Text style={label}>Sent</Text>
      <Text style={value}>{new Date(sentAt).toUTCString()}</Text>
      <Text style={label}>Message</Text>
      <Text style={{ ...value, whiteSpace: 'pre-wrap' }}>{message}</Text>
      <Text style={label}>The sender agreed that Lodestone stores this message to answer them.</Text>
    </EmailLayout>
  );
}
