export { paymentKeys, useFormPayments, usePaymentSettings } from './api';
export { PaymentSettingsPage } from './payment-settings-page';
