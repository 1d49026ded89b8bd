import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { AddressChecksSection } from './address-checks-section';

const section = (config: FormConfig) => renderToStaticMarkup(<AddressChecksSection config={config} onChange={() => {}} />);
const switchState = (html: string, id: string) =>
  new RegExp(`<button(?=[^>]*id="${id}")[^>]*aria-checked="(true|false)"`).exec(html)?.[1];

describe('the email address checks of the Settings tab', () => {
  it('offers the three checks, typos and undeliverable domains on, disposable addresses off', () => {
    const html = section(defaultFormConfig());
    expect(html).toContain('Email address checks');
    expect(html).toContain('Suggest fixes for typos');
    expect(html).toContain('Refuse domains that can’t receive email');
    expect(html).toContain('Refuse disposable addresses');
    expect(switchState(html, 'creator-address-typos')).toBe('true');
    expect(switchState(html, 'creator-address-deliverable')).toBe('true');
    expect(switchState(html, 'creator-address-disposable')).toBe('false');
  });

  it('shows a page saved before the checks with their defaults, and a page’s own choices', () => {
    const { addressChecks: _, ...older } = defaultFormConfig();
    expect(switchState(section(older as FormConfig), 'creator-address-typos')).toBe('true');
    const html = section({ ...defaultFormConfig(), addressChecks: { typos: false, deliverable: false, disposable: true } });
    expect(switchState(html, 'creator-address-typos')).toBe('false');
    expect(switchState(html, 'creator-address-deliverable')).toBe('false');
    expect(switchState(html, 'creator-address-disposable')).toBe('true');
  });
});
