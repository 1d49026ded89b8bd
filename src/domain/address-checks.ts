import { DEFAULT_ADDRESS_CHECKS, type AddressChecks, type FormConfig } from './form-config';

/** A page's address checks; pages published before there were any have the defaults (docs/decisions/0086). */
export const addressChecksOf = (config: Pick<FormConfig, 'addressChecks'>): AddressChecks => ({
  ...DEFAULT_ADDRESS_CHECKS,
  ...(config.addressChecks as Partial<AddressChecks> | undefined),
});

/** The domain of an address as mail is routed by: after its last @, lower-case, without a final dot. */
export const domainOf = (address: string): string =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
