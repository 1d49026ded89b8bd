export { ThankYouPage } from './thank-you-page';
