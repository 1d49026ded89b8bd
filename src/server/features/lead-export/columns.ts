import { EMAIL_FIELD_ID, type FormConfig } from '@/domain/form-config';
import { decimalAmount, type Currency } from '@/domain/money';
import { orderFigures, TAX_NOT_CALCULATED } from '@/domain/paid-orders';

/** One lead as the export query reads it (export-query.ts), with its latest consent evidence. */
export interface ExportRow {
  id: string;
  email: string;
  formName: string;
  formId: string;
  status: 'pending' | 'verified';
  paymentState: string;
  createdAt: Date;
  verifiedAt: Date | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  /** The placement on the owner's site the lead signed up through (its name then), and that site's page. */
  placementId?: string | null;
  placementName?: string | null;
  hostUrl?: string | null;
  downloads: number;
  data: Record<string, string> | null;
  consentGivenAt: Date | null;
  consentAgreed: boolean | null;
  consentText: string | null;
  consentVersion: number | null;
  pageVersion: number | null;
  confirmedVia: 'code' | 'link' | null;
  /** The lead's latest paid (or since refunded) order; null on free pages and before payment. */
  orderNumber?: number | null;
  paidWith?: 'stripe' | 'paypal' | null;
  currency?: Currency | null;
  amount?: number | null;
  netAmount?: number | null;
  taxAmount?: number | null;
  discountAmount?: number | null;
  promotionCode?: string | null;
}

/** A page of the export: its answers are keyed by field id and its config says each field's label. */
export interface ExportPage {
  id: string;
  config: FormConfig;
}

const LEAD_HEADERS = [
  'Lead ID',
  'Email',
  'Page',
  'Page ID',
  'Status',
  'Payment',
  'Created at',
  'Confirmed at',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
  'Referrer',
  'Placement',
  'Host page',
  'Downloads',
];
const ORDER_HEADERS = ['Order number', 'Currency', 'Net', 'Tax', 'Total', 'Discount', 'Discount code'];
const CONSENT_HEADERS = [
  'Consent given at',
  'Consent agreed',
  'Consent text',
  'Consent version',
  'Page version',
  'Confirmed via',
];

/**
 * The answer columns: one per field label across the pages (first seen wins the position, pages in
 * the order given, fields in each page's order); two pages with the same label share a column. The
 * email field has its own column. Labels are compared trimmed, as the owner sees them.
 */
export class ExportColumns {
  readonly labels: string[] = [];
  private readonly slots = new Map<string, Map<string, number>>();

  constructor(pages: readonly ExportPage[]) {
    const indexOf = new Map<string, number>();
    for (const page of pages) {
      const slots = new Map<string, number>();
      for (const field of page.config.fields) {
        if (field.id === EMAIL_FIELD_ID) continue;
        const label = field.label.trim();
        let index = indexOf.get(label);
        if (index === undefined) {
          index = this.labels.push(label) - 1;
          indexOf.set(label, index);
        }
        slots.set(field.id, index);
      }
      this.slots.set(page.id, slots);
    }
  }

  get header(): string[] {
    return [...LEAD_HEADERS, ...this.labels, ...CONSENT_HEADERS, ...ORDER_HEADERS];
  }

  /** The row's answers, one per label ('' where its page has no such field or it was left empty). */
  answers(row: ExportRow): string[] {
    const values = this.labels.map(() => '');
    const slots = this.slots.get(row.formId);
    if (slots && row.data) {
      for (const [fieldId, value] of Object.entries(row.data)) {
        const index = slots.get(fieldId);
        if (index !== undefined) values[index] = String(value);
      }
    }
    return values;
  }

  /** The CSV record's values, in header order. */
  csvValues(row: ExportRow): string[] {
    return [
      row.id,
      row.email,
      row.formName,
      row.formId,
      leadStatus(row),
      row.paymentState,
      row.createdAt.toISOString(),
      iso(row.verifiedAt) ?? '',
      row.utmSource ?? '',
      row.utmMedium ?? '',
      row.utmCampaign ?? '',
      row.utmTerm ?? '',
      row.utmContent ?? '',
      row.referrer ?? '',
      row.placementName ?? '',
      row.hostUrl ?? '',
      String(row.downloads),
      ...this.answers(row),
      iso(row.consentGivenAt) ?? '',
      row.consentAgreed === null ? '' : row.consentAgreed ? 'yes' : 'no',
      row.consentText ?? '',
      row.consentVersion === null ? '' : String(row.consentVersion),
      row.pageVersion === null ? '' : String(row.pageVersion),
      row.confirmedVia ?? '',
      ...orderValues(row),
    ];
  }

  /**
   * The JSON Lines object: the same facts with typed values; the answers under `fields`, keyed by
   * label, so a label can never collide with a lead column.
   */
  jsonRecord(row: ExportRow) {
    const answers = this.answers(row);
    return {
      id: row.id,
      email: row.email,
      page: row.formName,
      pageId: row.formId,
      status: leadStatus(row),
      payment: row.paymentState,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: iso(row.verifiedAt),
      utmSource: row.utmSource,
      utmMedium: row.utmMedium,
      utmCampaign: row.utmCampaign,
      utmTerm: row.utmTerm,
      utmContent: row.utmContent,
      referrer: row.referrer,
      placement: row.placementId ? { id: row.placementId, name: row.placementName ?? '' } : null,
      hostUrl: row.hostUrl ?? null,
      downloads: row.downloads,
      fields: Object.fromEntries(this.labels.flatMap((label, i) => (answers[i] ? [[label, answers[i]]] : []))),
      consent: {
        givenAt: iso(row.consentGivenAt),
        agreed: row.consentAgreed,
        text: row.consentText,
        version: row.consentVersion,
        pageVersion: row.pageVersion,
        confirmedVia: row.confirmedVia,
      },
      order: orderRecord(row),
    };
  }
}

const leadStatus = (row: ExportRow) => (row.status === 'verified' ? 'confirmed' : 'pending');
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The lead's order's figures (docs/decisions/0083), in minor units; null without a paid order. */
function orderRecord(row: ExportRow) {
  if (row.orderNumber == null || row.amount == null || !row.currency) return null;
  const f = orderFigures({
    amount: row.amount,
    netAmount: row.netAmount ?? null,
    taxAmount: row.taxAmount ?? null,
    discountAmount: row.discountAmount ?? null,
  });
  const taxCalculated = row.paidWith !== 'paypal';
  return {
    number: row.orderNumber,
    currency: row.currency,
    net: f.net,
    tax: taxCalculated ? f.tax : null,
    total: f.total,
    discount: f.discount,
    code: row.promotionCode ?? null,
  };
}

/** The order columns of the CSV: amounts as decimals in the order's currency ('' without an order). */
function orderValues(row: ExportRow): string[] {
  const order = orderRecord(row);
  if (!order) return ORDER_HEADERS.map(() => '');
  const money = (minor: number) => decimalAmount(minor, order.currency);
  return [
    String(order.number),
    order.currency,
    money(order.net),
    order.tax === null ? TAX_NOT_CALCULATED : money(order.tax),
    money(order.total),
    money(order.discount),
    order.code ?? '',
  ];
}
