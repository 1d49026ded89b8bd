import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { ExportColumns, type ExportRow } from './columns.js';
import { fieldOf } from '@tests/kit/fields';

const field = fieldOf;

const row = (data: Record<string, string>): ExportRow => ({
  id: 'lead-1',
  email: 'ada@example.com',
  formName: 'Guide',
  formId: 'page-1',
  status: 'verified',
  paymentState: 'none',
  createdAt: new Date('2026-03-01T10:00:00Z'),
  verifiedAt: null,
  utmSource: 'x',
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  referrer: null,
  downloads: 0,
  data,
  consentGivenAt: null,
  consentAgreed: null,
  consentText: null,
  consentVersion: null,
  pageVersion: null,
  confirmedVia: null,
});

describe('exported answers of the newer field types', () => {
  it('are columns by label: the chosen option, the yyyy-mm-dd date, and the hidden value under its label', () => {
    const config = {
      ...defaultFormConfig(),
      fields: [
        ...defaultFormConfig().fields,
        field('f_size', 'dropdown', 'Team size', { options: ['1-10', '11-50'] }),
        field('f_role', 'radio', 'Role', { options: ['Founder'] }),
        field('f_start', 'date', 'Start date'),
        field('f_source', 'hidden', 'Source', { param: 'utm_source' }),
      ],
    };
    const columns = new ExportColumns([{ id: 'page-1', config }]);
    expect(columns.labels).toEqual(['Team size', 'Role', 'Start date', 'Source']);
    const lead = row({ f_size: '11-50', f_role: 'Founder', f_start: '2026-04-01', f_source: 'x' });
    expect(columns.answers(lead)).toEqual(['11-50', 'Founder', '2026-04-01', 'x']);
    expect(columns.jsonRecord(lead).fields).toEqual({
      'Team size': '11-50',
      Role: 'Founder',
      'Start date': '2026-04-01',
      Source: 'x',
    });
    expect(columns.answers(row({ f_source: 'x' }))).toEqual(['', '', '', 'x']);
  });
});
