export { PreviewPage } from './preview-page';
