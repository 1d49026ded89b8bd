import { Fragment } from 'react';
import type { Design } from '@/domain/form-config';
import { designStyle } from '@/landing/index';
import { PUBLIC_CSP, renderDocument } from '@/server/features/public-pages/index';
import { receiptDate, refundText, type EmailProps } from '@/server/features/mail/index';

type ReceiptProps = EmailProps<'receipt'>;

// The receipt as a page: the same figures as the email, printable (the owner's brand, no script).

const RECEIPT_CSS = `.ls-receipt-table{width:100%;border-collapse:collapse;margin:1rem 0}
.ls-receipt-table th{text-align:left;font-weight:500;padding:.375rem 0;border-bottom:1px solid #e5e7eb}
.ls-receipt-table td{text-align:right;padding:.375rem 0;border-bottom:1px solid #e5e7eb;font-variant-numeric:tabular-nums}
.ls-receipt-table tr:last-child th,.ls-receipt-table tr:last-child td{font-weight:700;border-bottom:0}
.ls-receipt-meta{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
.ls-receipt-meta dt{color:#6b7280}.ls-receipt-meta dd{margin:0}
.ls-print{margin-top:1rem}
@media print{.ls-print{display:none}.ls-page .ls-card{box-shadow:none;border:0}.ls-page{background:#fff}}`;

export function receiptDocument(p: ReceiptProps & { refunded: boolean; design?: Design }) {
  const address = p.businessAddress.split('\n').filter((line) => line.trim() !== '');
  const body = (
    <div className="ls-page" style={p.design ? designStyle(p.design) : undefined}>
      <main className="ls-container">
        <header className="ls-header">
          <p className="ls-business">{p.businessName}</p>
          <h1 className="ls-title">Receipt</h1>
          <p className="ls-description">{`Order ${p.orderNumber} · ${receiptDate(p.paidAt)}`}</p>
        </header>
        <div className="ls-card">
          {p.refunded && (
            <p className="ls-alert" role="status">
              This order was refunded.
            </p>
          )}
          <dl className="ls-receipt-meta">
            <dt>Item</dt>
            <dd>{p.item}</dd>
            <dt>Paid with</dt>
            <dd>{p.providerName}</dd>
            <dt>Seller</dt>
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
          <p className="ls-text">{refundText(p, true)}</p>
          <p className="ls-text ls-print">Use your browser’s Print command to print this receipt or save it as a PDF.</p>
        </div>
      </main>
    </div>
  );
  return {
    html: renderDocument({
      title: `Receipt: order ${p.orderNumber}`,
      description: `Receipt from ${p.businessName}`,
      body,
      noindex: true,
      css: RECEIPT_CSS,
    }),
    csp: PUBLIC_CSP,
  };
}
