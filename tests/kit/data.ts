import { randomBytes } from 'node:crypto';
import type { FileKind } from '@/domain/file-kinds';
import { DEFAULT_PAYMENT, defaultFormConfig, type FormConfig, type Payment } from '@/domain/form-config';

// What tests make up, for Vitest, the browser journeys and the seed: addresses, page configurations, files.

/** An address no other test uses. */
export const uniqueEmail = (prefix = 'owner') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** A small valid-looking PDF of `size` bytes. */
export function pdfBytes(size = 2048): Buffer {
  const body = Buffer.alloc(size, 0x20);
  body.write('%PDF-1.4\n');
  return body;
}

/** A publishable landing page configuration using `file` as its lead magnet. */
export function publishableConfig(
  file: { id: string; name: string; size: number; kind?: FileKind } | null,
  title = 'The Email Playbook',
  overrides: Partial<FormConfig> = {},
): FormConfig {
  return {
    ...defaultFormConfig(),
    title,
    description: 'Forty pages of tactics.',
    businessName: 'Acme Marketing',
    leadMagnet: file && { ...file, kind: file.kind ?? 'pdf' },
    leadMagnetName: 'Email Playbook PDF',
    privacyPolicyUrl: 'https://acme.example/privacy',
    ...overrides,
  };
}

/** A paid page's configuration: $9.99 through Stripe, no double opt-in, unless overridden. */
export const paidConfig = (payment: Partial<Payment> = {}): Partial<FormConfig> => ({
  payment: {
    ...DEFAULT_PAYMENT,
    enabled: true,
    type: 'fixed',
    fixedAmount: 999,
    currency: 'USD',
    pwywMinimum: 100,
    pwywSuggested: 999,
    provider: 'stripe',
    ...payment,
  },
  doubleOptIn: false,
});
