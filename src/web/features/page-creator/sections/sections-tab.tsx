import type { Dispatch } from 'react';
import type { FormConfig } from '@/domain/form-config';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import type { EditorAction } from '@/web/features/page-creator/editor/editor-reducer';
import { SectionsEditor } from './sections-editor';

type SectionsTabProps = {
  config: FormConfig;
  errors: EditorErrors;
  dispatch: Dispatch<EditorAction>;
};

/** The editor's Sections tab (docs/product.md#sections): the page's sections, in the order the page shows them. */
export function SectionsTab({ config, errors, dispatch }: SectionsTabProps) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-gray-700">
        Sections tell visitors why your lead magnet is worth their email address. They follow your title and description, in this
        order; on wide screens the form can sit beside them (Design tab, Form placement). Drag a section by its handle to move it.
        A hidden section keeps its words but is not on the page.
      </p>
      {/* Pages saved before sections existed have none. */}
      <SectionsEditor
        list="sections"
        sections={config.sections ?? []}
        errors={errors}
        dispatch={dispatch}
        idPrefix="creator-sections"
      />
    </div>
  );
}
