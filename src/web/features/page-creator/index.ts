// The page creator: the screen (page-creator-page.tsx, page-creator.tsx) and the frame around the
// editor at the top, then one folder per part of it:
// - editor/       the editor's state (model, reducer), its tab panel and the controls its tabs share
// - lead-magnet/  the Basic Info tab and the lead magnet's file
// - design/       the Design tab and its images (logo, cover); ab-test/ is its A/B test section
// - fields/       the Form Fields tab and each field's card
// - payment/      the Payment tab: price, provider and its connection
// - settings/     the Settings tab: after sign-up, embedding; emails/ is its emails section
// - tracking/     the Tracking tab (pixels)
// - draft/        the draft kept in this browser (IndexedDB) and the images chosen before signing in
// - preview/      the preview and coming back from it
// - publish/      saving and publishing, and the sign-in gate in front of it
export { PageCreatorPage } from './page-creator-page';
