import { describe, expect, it } from 'vitest';
import { defaultFormConfig, newField } from '@/domain/form-config';
import { templateConfig } from '@/domain/templates';
import { configFromState, imagesFromState } from './preview-state';

describe('configFromState', () => {
  it("takes the creator's configuration, work in progress included", () => {
    const config = { ...defaultFormConfig(), title: 'Draft', fields: [...defaultFormConfig().fields, newField(1)] };
    expect(configFromState({ config })).toEqual(config);
    const ebook = templateConfig('professional-ebook');
    expect(ebook).toBeDefined();
    expect(configFromState({ config: ebook })).toEqual(ebook);
    // Half-typed pixel ids and an unfinished privacy address: the editor flags them, the preview shows the page.
    const unfinished = { ...config, pixelFacebook: '12a', pixelGoogle: 'G-', privacyPolicyUrl: 'https://' };
    expect(configFromState({ config: unfinished })).toEqual(unfinished);
  });

  it('reads a configuration saved before the privacy address existed as having none', () => {
    const { privacyPolicyUrl: _omitted, ...older } = defaultFormConfig();
    expect(configFromState({ config: older })).toEqual({ ...older, privacyPolicyUrl: '' });
  });

  it('refuses anything that is not a configuration', () => {
    expect(configFromState(null)).toBeNull();
    expect(configFromState(undefined)).toBeNull();
    expect(configFromState({})).toBeNull();
    expect(configFromState({ config: null })).toBeNull();
    expect(configFromState({ config: 'page' })).toBeNull();
    // Another page's navigation state, or a configuration from an older or broken editor.
    expect(configFromState({ from: '/dashboard' })).toBeNull();
    const { title: _title, ...untitled } = defaultFormConfig();
    expect(configFromState({ config: untitled })).toBeNull();
    expect(configFromState({ config: { ...defaultFormConfig(), fields: [] } })).toBeNull();
    expect(configFromState({ config: { ...defaultFormConfig(), payment: null } })).toBeNull();
    expect(
      configFromState({ config: { ...defaultFormConfig(), payment: { ...defaultFormConfig().payment, currency: 'XYZ' } } }),
    ).toBeNull();
    expect(configFromState({ config: { ...defaultFormConfig(), fields: [{ id: 'email', label: 'Email' }] } })).toBeNull();
  });
});

describe('imagesFromState', () => {
  it("takes the creator's images not uploaded yet, files only, by id", () => {
    const logo = new File([new Uint8Array(8)], 'logo.png', { type: 'image/png' });
    expect(imagesFromState({ config: defaultFormConfig(), images: { a: logo, b: 'not a file' } })).toEqual({ a: logo });
    expect(imagesFromState({ config: defaultFormConfig() })).toEqual({});
    expect(imagesFromState(null)).toEqual({});
    expect(imagesFromState({ images: 'x' })).toEqual({});
  });
});
