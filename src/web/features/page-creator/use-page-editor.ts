import { useReducer } from 'react';
import { toast } from 'sonner';
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

  /** SPEC §5: checked on Preview and on Save & Publish. */
  const validate = (purpose: 'preview' | 'publish'): boolean => {
    const found = validateEditor(state.config, chosenFile(state) !== null, purpose);
    if (Object.keys(found).length > 0) {
      showErrors(found, purpose === 'preview' ? formMessages.fixBeforePreviewing : formMessages.fixBeforeSaving);
      return false;
    }
    dispatch({ type: 'errorsCleared' });
    return true;
  };

  const requestPreview = () => {
    if (validate('preview')) dispatch({ type: 'previewOpened' });
  };

  const removeField = (index: number) => {
    if (state.config.fields[index]?.id === EMAIL_FIELD_ID) {
      toast.error(formMessages.emailFieldLocked);
      return;
    }
    dispatch({ type: 'fieldRemoved', index });
  };

  return { state, dispatch, showErrors, validate, requestPreview, removeField };
}
