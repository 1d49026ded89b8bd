import { describe, expect, it } from 'vitest';
import { nameKindOf } from '@/domain/email-copy';
import { autocompleteFor } from './autocomplete';

// The emails' {first_name} (domain/email-copy.ts) reads a field as the person's name as the page's
// autocomplete does: a browser that fills "given-name" into a field fills what the email calls the first name.
describe("the emails' name fields", () => {
  it('are the fields the landing page marks given-name or name', () => {
    const labels = [
      'First Name',
      'Given name',
      'Name',
      'Your full name',
      'Last name',
      'Surname',
      'Company name',
      'Business Name',
      'Job title',
      'Website',
      'Country',
      'Organisation name',
      'Nickname',
      'Phone',
    ];
    for (const label of labels) {
      const autocomplete = autocompleteFor({ type: 'text', label });
      const expected = autocomplete === 'given-name' ? 'given' : autocomplete === 'name' ? 'full' : null;
      expect(nameKindOf({ type: 'text', label }), label).toBe(expected);
    }
    expect(nameKindOf({ type: 'textarea', label: 'Name' })).toBeNull();
  });
});
