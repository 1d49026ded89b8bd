import type { Dispatch, Ref } from 'react';
import type { FormConfig } from '@/domain/form-config';
import { Card, CardContent } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { AbTestSection } from '@/web/features/page-creator/ab-test/ab-test-section';
import { BasicInfoTab } from '@/web/features/page-creator/lead-magnet/basic-info-tab';
import { DesignTab } from '@/web/features/page-creator/design/design-tab';
import { EditorActions } from './editor-actions';
import { EDITOR_TABS, type EditorTab } from './editor-model';
import { chosenFile, type EditorAction, type EditorState } from './editor-reducer';
import { FormFieldsTab } from '@/web/features/page-creator/fields/form-fields-tab';
import { SectionsTab } from '@/web/features/page-creator/sections/sections-tab';
import { PaymentTab } from '@/web/features/page-creator/payment/payment-tab';
import { SettingsTab } from '@/web/features/page-creator/settings/settings-tab';
import { TrackingTab } from '@/web/features/page-creator/tracking/tracking-tab';

type EditorPanelProps = {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** Removes a field, or says why the email field stays. */
  onRemoveField: (index: number) => void;
  onPreview: () => void;
  onPublish: () => void;
  publishing: boolean;
  /** The element searched for the input in error to focus. */
  ref?: Ref<HTMLDivElement>;
};

/** The editor: the page's settings in the tabs of docs/product.md#page-creator, and Preview and Save & Publish under them. */
export function EditorPanel({ state, dispatch, onRemoveField, onPreview, onPublish, publishing, ref }: EditorPanelProps) {
  const { config, errors } = state;
  const changeConfig = (patch: Partial<FormConfig>) => dispatch({ type: 'configChanged', patch });
  return (
    <Card className="min-w-0">
      <CardContent className="p-4 sm:p-6" ref={ref}>
        <Tabs value={state.tab} onValueChange={(value) => dispatch({ type: 'tabSelected', tab: value as EditorTab })}>
          {/* Seven tabs wrap as the width asks (two rows at 375 px, one on a wide editor), each row filled. */}
          <TabsList aria-label="Page settings" className="flex h-auto w-full flex-wrap gap-1">
            {EDITOR_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="h-9 flex-auto px-2">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="basic" className="mt-6">
            <BasicInfoTab
              config={config}
              errors={errors}
              chosenFile={chosenFile(state)}
              onChange={changeConfig}
              onSelectFile={(file, problem) => dispatch({ type: 'fileChosen', file, problem })}
              onRemoveFile={() => dispatch({ type: 'fileRemoved' })}
            />
          </TabsContent>
          <TabsContent value="sections" className="mt-6">
            <SectionsTab config={config} errors={errors} dispatch={dispatch} />
          </TabsContent>
          <TabsContent value="fields" className="mt-6">
            <FormFieldsTab
              fields={config.fields}
              errors={errors}
              onChangeField={(index, patch) => dispatch({ type: 'fieldChanged', index, patch })}
              onAdd={() => dispatch({ type: 'fieldAdded', now: Date.now() })}
              onRemove={onRemoveField}
              onReorder={(from, to) => dispatch({ type: 'fieldReordered', from, to })}
            />
          </TabsContent>
          <TabsContent value="settings" className="mt-6">
            <SettingsTab config={config} errors={errors} onChange={changeConfig} />
          </TabsContent>
          <TabsContent value="payment" className="mt-6">
            <PaymentTab
              payment={config.payment}
              errors={errors}
              onChange={(patch) => dispatch({ type: 'paymentChanged', patch })}
            />
          </TabsContent>
          <TabsContent value="tracking" className="mt-6">
            <TrackingTab
              config={config}
              errors={errors}
              onChange={changeConfig}
              onBlurPixel={(key) => dispatch({ type: 'pixelLeft', key })}
            />
          </TabsContent>
          <TabsContent value="design" className="mt-6">
            <DesignTab config={config} errors={errors} onChange={(patch) => dispatch({ type: 'designChanged', patch })} />
            <AbTestSection config={config} errors={errors} onChange={changeConfig} dispatch={dispatch} />
          </TabsContent>
        </Tabs>
        <EditorActions onPreview={onPreview} onPublish={onPublish} publishing={publishing} />
      </CardContent>
    </Card>
  );
}
