import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { ExportColumns, type ExportRow } from './columns.js';

// Where a lead came from on the owner's own site: the placement it signed up through and the host page.

const row = (extra: Partial<ExportRow>): ExportRow => ({
  id: 'lead-1',
  email: 'reader@example.com',
  formName: 'Newsletter',
  formId: 'f1',
  status: 'verified',
  paymentState: 'none',
  createdAt: new Date('2026-11-01T10:00:00Z'),
  verifiedAt: null,
  utmSource: 'newsletter',
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
  downloads: 0,
  data: null,
  consentGivenAt: null,
  consentAgreed: null,
  consentText: null,
  consentVersion: null,
  pageVersion: null,
  confirmedVia: null,
  ...extra,
});

describe('the export’s placement columns', () => {
  const columns = new ExportColumns([{ id: 'f1', config: defaultFormConfig() }]);
  const byHeader = (r: ExportRow) => {
    const values = columns.csvValues(r);
    return Object.fromEntries(columns.header.map((h, i) => [h, values[i]]));
  };

  it('name the placement and the host page of a lead from the owner’s site, after its UTM and referrer', () => {
    const placed = row({
      placementId: 'plc_AbCdEfGhIjKlMnOp',
      placementName: 'Blog popup',
      hostUrl: 'https://blog.example.com/post',
    });
    expect(byHeader(placed)).toMatchObject({
      'UTM source': 'newsletter',
      Placement: 'Blog popup',
      'Host page': 'https://blog.example.com/post',
    });
    expect(columns.header.indexOf('Placement')).toBe(columns.header.indexOf('Referrer') + 1);
    expect(columns.jsonRecord(placed)).toMatchObject({
      placement: { id: 'plc_AbCdEfGhIjKlMnOp', name: 'Blog popup' },
      hostUrl: 'https://blog.example.com/post',
    });
  });

  it('are empty for a lead from the page itself', () => {
    expect(byHeader(row({ placementId: null, placementName: null, hostUrl: null }))).toMatchObject({
      Placement: '',
      'Host page': '',
    });
    expect(columns.jsonRecord(row({}))).toMatchObject({ placement: null, hostUrl: null });
  });
});
