import { Fragment } from 'react';
import type { Design } from '@/domain/form-config';
import { designStyle } from '@/landing/index';
import { PUBLIC_CSP, renderDocument } from '@/server/features/public-pages/index';
import { receiptDate, refundText, type EmailProps } from '@/server/features/mail/index';
import { visitorWords } from '@/server/lib/visitor-words';

type ReceiptProps = EmailProps<'receipt'>;

// The receipt as a page: the same figures as the email, in the same language, printable (the
// owner's brand, no script). Its table lines up by start and end, so it mirrors right to left.

const RECEIPT_CSS = `.ls-receipt-table{width:100%;border-collapse:collapse;margin:1rem 0}
.ls-receipt-table th{text-align:start;font-weight:500;padding:.375rem 0;border-bottom:1px solid #e5e7eb}
.ls-receipt-table td{text-align:end;padding:.375rem 0;border-bottom:1px solid #e5e7eb;font-variant-numeric:tabular-nums}
.ls-receipt-table tr:last-child th,.ls-receipt-table tr:last-child td{font-weight:700;border-bottom:0}
.ls-receipt-meta{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
.ls-receipt-meta dt{color:#6b7280}.ls-receipt-meta dd{margin:0}
.ls-print{margin-top:1rem}
@media print{.ls-print{display:none}.ls-page .ls-card{box-shadow:none;border:0}.ls-page{background:#fff}}`;

export function receiptDocument(p: ReceiptProps & { refunded: boolean; design?: Design }) {
  const t = visitorWords(p.language);
  // The order number is a name, not an amount: never written with a thousands separator.
  const orderNumber = String(p.orderNumber);
  const address = p.businessAddress.split('\n').filter((line) => line.trim() !== '');
  const body = (
    <div className="ls-page" style={p.design ? designStyle(p.design) : undefined}>
      <main className="ls-container">
        <header className="ls-header">
          <p className="ls-business">{p.businessName}</p>
          <h1 className="ls-title">{t('receipt.page.heading')}</h1>
          <p className="ls-description">{t('receipt.page.subtitle', { orderNumber, date: receiptDate(p.paidAt, t.language) })}</p>
        </header>
        <div className="ls-card">
          {p.refunded && (
            <p className="ls-alert" role="status">
              {t('receipt.page.refunded')}
            </p>
          )}
          <dl className="ls-receipt-meta">
            <dt>{t('receipt.label.item')}</dt>
            <dd>{p.item}</dd>
            <dt>{t('receipt.label.paidWith')}</dt>
            <dd>{p.providerName}</dd>
            <dt>{t('receipt.label.seller')}</dt>
            <dd>
              {p.businessName}
              {address.map((line, i) => (
                <Fragment key={i}>
                  <br />
                  {line}
                </Fragment>
              ))}
            </dd>
          </dl>
          <table className="ls-receipt-table">
            <tbody>
              {p.lines.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  <td>{line.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="ls-text">{refundText(p, true, t)}</p>
          <p className="ls-text ls-print">{t('receipt.page.print')}</p>
        </div>
      </main>
    </div>
  );
  return {
    html: renderDocument({
      title: t('receipt.page.title', { orderNumber }),
      description: t('receipt.page.description', { businessName: p.businessName }),
      body,
      noindex: true,
      css: RECEIPT_CSS,
      language: t.language,
    }),
    csp: PUBLIC_CSP,
  };
}
