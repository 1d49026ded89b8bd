import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { ExportColumns, type ExportRow } from './columns.js';

// A lead's paid order in the export (docs/decisions/0083): order number, net, tax, total, discount and code.

const row = (extra: Partial<ExportRow>): ExportRow => ({
  id: 'lead-1',
  email: 'buyer@example.com',
  formName: 'Workbook',
  formId: 'f1',
  status: 'verified',
  paymentState: 'paid',
  createdAt: new Date('2026-11-01T10:00:00Z'),
  verifiedAt: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
  downloads: 1,
  data: null,
  consentGivenAt: null,
  consentAgreed: null,
  consentText: null,
  consentVersion: null,
  pageVersion: null,
  confirmedVia: null,
  ...extra,
});

describe('the export’s order columns', () => {
  const columns = new ExportColumns([{ id: 'f1', config: defaultFormConfig() }]);
  const orderOf = (r: ExportRow) => {
    const values = columns.csvValues(r);
    return Object.fromEntries(columns.header.slice(-7).map((h, i) => [h, values[values.length - 7 + i]]));
  };

  it('show the settled figures of a Stripe order with tax and a code', () => {
    const order = { orderNumber: 1234, paidWith: 'stripe' as const, currency: 'EUR' as const, amount: 999 };
    expect(orderOf(row({ ...order, netAmount: 799, taxAmount: 152, discountAmount: 200, promotionCode: 'SPRING' }))).toEqual({
      'Order number': '1234',
      Currency: 'EUR',
      Net: '7.99',
      Tax: '1.52',
      Total: '9.51',
      Discount: '2.00',
      'Discount code': 'SPRING',
    });
    expect(columns.jsonRecord(row({ ...order, netAmount: 799, taxAmount: 152 })).order).toMatchObject({
      net: 799,
      tax: 152,
      total: 951,
    });
  });

  it('say a PayPal order’s tax was not calculated, and leave a free lead’s empty', () => {
    expect(orderOf(row({ orderNumber: 7, paidWith: 'paypal', currency: 'USD', amount: 500 }))).toMatchObject({
      Net: '5.00',
      Tax: 'not calculated',
      Total: '5.00',
    });
    expect(Object.values(orderOf(row({ paymentState: 'none' })))).toEqual(['', '', '', '', '', '', '']);
  });
});
