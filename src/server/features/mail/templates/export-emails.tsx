import { Button, Link, Text } from '@react-email/components';
import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@/domain/plans';
import { formatCountUs, formatUtcMomentUs } from '@/domain/us-english';
import { button, EmailLayout, text } from './layout.js';

// The email to an owner whose large export of leads is ready (the app's export list shows it too).

export interface LeadExportReadyProps {
  rows: number;
  format: ExportFormat;
  /** The signed link on the app origin; it also asks for the owner's session. */
  downloadUrl: string;
  /** ISO 8601: the link stops working then. */
  expiresAt: string;
}

export const leadExportReadySubject = (p: LeadExportReadyProps) => `Your export of ${formatCountUs(p.rows)} leads is ready`;

export function LeadExportReadyEmail(p: LeadExportReadyProps) {
  return (
    <EmailLayout preview={leadExportReadySubject(p)}>
      <Text style={text}>
        Your {EXPORT_FORMAT_LABELS[p.format]} export of {formatCountUs(p.rows)} leads is ready to download.
      </Text>
      <Button href={p.downloadUrl} style={button}>
        Download the export
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={p.downloadUrl}>{p.downloadUrl}</Link>
      </Text>
      <Text style={text}>
        The link works until {formatUtcMomentUs(p.expiresAt)}, for you signed in to Lodestone. After that the file is deleted; you
        can export again at any time.
      </Text>
    </EmailLayout>
  );
}
