export { PageCreatorPage } from './page-creator-page';
