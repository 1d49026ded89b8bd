import { useReducer } from 'react';
import { toast } from '@/web/lib/toast';
import { EMAIL_FIELD_ID, type FormConfig } from '@/domain/form-config';
import { formMessages } from '@/domain/form-messages';
import { validateEditor, type EditorErrors } from './editor-model';
import { chosenFile, editorReducer, initialEditorState } from './editor-reducer';

/**
 * The editor's state (see editor-reducer) and the commands that also speak to the owner: the checks
 * run on Preview and on Save & Publish, and the refusal to remove the email field.
 */
export function usePageEditor(baseline: FormConfig, editId: string | null) {
  const [state, dispatch] = useReducer(editorReducer, baseline, (config) => initialEditorState(config, editId));

  const showErrors = (errors: EditorErrors, message: string) => {
    dispatch({ type: 'errorsShown', errors });
    toast.error(message);
  };

  /** docs/product.md#validation: checked on Save & Publish. */
  const validate = (purpose: 'preview' | 'publish'): boolean => {
    const found = validateEditor(state.config, chosenFile(state) !== null, purpose);
    if (Object.keys(found).length > 0) {
      showErrors(found, purpose === 'preview' ? formMessages.fixBeforePreviewing : formMessages.fixBeforeSaving);
      return false;
    }
    dispatch({ type: 'errorsCleared' });
    return true;
  };

  /**
   * The Preview button opens the same view as the Preview tab: the page as filled in so far
   * (decision 0061). What publishing still needs is listed there, not in the way of seeing it.
   */
  const requestPreview = () => dispatch({ type: 'viewSelected', view: 'preview' });

  /** From the preview's list of what is still needed: the editor, with each one under its input. */
  const showStillNeeded = () =>
    dispatch({ type: 'errorsShown', errors: validateEditor(state.config, chosenFile(state) !== null, 'publish') });

  const removeField = (index: number) => {
    if (state.config.fields[index]?.id === EMAIL_FIELD_ID) {
      toast.error(formMessages.emailFieldLocked);
      return;
    }
    dispatch({ type: 'fieldRemoved', index });
  };

  return { state, dispatch, showErrors, validate, requestPreview, showStillNeeded, removeField };
}
