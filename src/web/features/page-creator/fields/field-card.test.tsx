import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_FIELD, newField, type FormField } from '@/domain/form-config';
import { FieldCard, placeholderHint, requiredDescription } from './field-card';

const render = (field: FormField) =>
  renderToStaticMarkup(
    <DndContext>
      <SortableContext items={[field.id]}>
        <ul>
          <FieldCard field={field} index={0} errors={{}} onChange={() => {}} onRemove={() => {}} />
        </ul>
      </SortableContext>
    </DndContext>,
  );

/** Words an owner should not have to read: the editor's internals. */
const DEVELOPER_SPEAK = /While it says|stored here|Names the column|e\.g\. utm_source/;

describe('a field of the form, in the editor', () => {
  it('says what the Required switch means as it is set, on and off', () => {
    const optional = render({ ...newField(1), label: 'Company', required: false });
    expect(optional).toContain('Optional: visitors may leave this empty.');
    expect(optional).not.toContain('Visitors must fill this in.');
    const required = render({ ...newField(1), label: 'Company', required: true });
    expect(required).toContain('Visitors must fill this in.');
    expect(requiredDescription(true, true)).toBe('The email field is always required.');
  });

  it('offers no way to remove the email field, which is always included', () => {
    const email = render(DEFAULT_EMAIL_FIELD);
    expect(email).toContain('Always included');
    expect(email).not.toContain('aria-label="Remove Email Address"');
    expect(render({ ...newField(1), label: 'Company' })).toContain('aria-label="Remove Company"');
  });

  it('explains placeholders and link parameters in plain words', () => {
    const dropdown = { ...newField(1), type: 'dropdown' as const, options: ['A', 'B'] };
    expect(placeholderHint(dropdown)).toBe(
      'The first line of the list, before visitors choose. Visitors see "Choose…" until you write your own words here.',
    );
    expect(placeholderHint({ ...dropdown, placeholder: '' })).toBe(
      'The first line of the list, before visitors choose. Left empty, visitors see "Choose…".',
    );
    expect(placeholderHint(newField(1))).toBe(
      'Grey example text inside the empty box. Visitors do not see "Enter value": write your own example, or leave it empty.',
    );
    expect(placeholderHint({ ...newField(1), placeholder: 'Your company' })).toBeUndefined();
    const hidden = render({ ...newField(1), type: 'hidden', label: 'Source', param: 'utm_source' });
    for (const html of [hidden, render(dropdown), render(newField(1))]) expect(html).not.toMatch(DEVELOPER_SPEAK);
  });
});
