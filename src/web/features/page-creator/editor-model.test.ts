import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { displayFileSize, tabForErrorKey, validateEditor } from './editor-model';

describe('displayFileSize', () => {
  it('shows small files in KB instead of "0.00 MB", and MB with 2 decimals from 1 MB up (SPEC §5)', () => {
    expect(displayFileSize(240 * 1024)).toBe('240 KB');
    expect(displayFileSize(2048)).toBe('2 KB');
    expect(displayFileSize(100)).toBe('1 KB');
    expect(displayFileSize(1024 * 1024 - 1)).toBe('1023 KB');
    expect(displayFileSize(1024 * 1024)).toBe('1.00 MB');
    expect(displayFileSize(2.5 * 1024 * 1024)).toBe('2.50 MB');
  });
});

describe('validateEditor and the privacy policy address', () => {
  const ready = { ...defaultFormConfig(), title: 'T', businessName: 'B', leadMagnetName: 'L' };

  it('lets a preview go without the address, but not publishing; a malformed one stops both', () => {
    expect(validateEditor(ready, true, 'preview')).toEqual({});
    expect(validateEditor(ready, true, 'publish')).toEqual({
      privacyPolicyUrl: "Enter your privacy policy's address (https://…)",
    });
    const bad = { ...ready, privacyPolicyUrl: 'javascript:alert(1)' };
    expect(validateEditor(bad, true, 'preview')).toEqual({
      privacyPolicyUrl: 'Enter a web address that starts with https:// or http://',
    });
    expect(validateEditor({ ...ready, privacyPolicyUrl: 'https://acme.example/privacy' }, true, 'publish')).toEqual({});
    expect(tabForErrorKey('privacyPolicyUrl')).toBe('settings');
  });
});
