/**
 * Facts the legal pages share, kept in one place so the Privacy Policy, the Terms and the three
 * agreements (DPA, CCPA addendum, PDPA agreement) never disagree. They describe what the code does:
 * change them together with it.
 */

export interface SubProcessor {
  name: string;
  /** What they do for Lodestone. */
  purpose: string;
  /** The personal data they handle. */
  data: string;
  /** Where they process it. */
  location: string;
}

/** Every third party that processes personal data for Lodestone. */
export const SUB_PROCESSORS: readonly SubProcessor[] = [
  {
    name: 'Hosting provider (chosen by the operator of the service)',
    purpose: 'Runs the Lodestone servers, the PostgreSQL database, the job queue and uploaded files',
    data: 'All data listed in the Privacy Policy: account data, landing pages, files, leads, consent records, payment records, contact messages',
    location: 'The data-centre region the service is deployed in',
  },
  {
    name: 'Email delivery provider (the operator’s SMTP provider)',
    purpose: 'Delivers account emails, verification codes, download links, usage notices and contact messages',
    data: 'Recipient email address and the content of the email',
    location: 'As stated by the SMTP provider',
  },
  {
    name: 'Stripe, Inc. and its affiliates',
    purpose: 'Takes payments on paid landing pages whose owner connected a Stripe account',
    data: 'The visitor’s email address, the amount and currency; card details are entered on Stripe Checkout and never reach Lodestone',
    location: 'United States and other countries where Stripe operates',
  },
  {
    name: 'PayPal Holdings, Inc. and its affiliates',
    purpose: 'Takes payments on paid landing pages whose owner connected a PayPal account',
    data: 'The amount and currency and the order reference; the visitor signs in and pays on PayPal, which never shares their card or account details with Lodestone',
    location: 'United States and other countries where PayPal operates',
  },
];

export interface RetentionRule {
  data: string;
  kept: string;
}

/** How long each kind of data is kept (see the schema in src/server/db/schema and the cleanup jobs). */
export const RETENTION: readonly RetentionRule[] = [
  {
    data: 'Owner account (name, email address, password hash, workspace)',
    kept: 'Until the account is closed. Ask us through the contact form or the support email to close it.',
  },
  {
    data: 'Sign-in sessions (session token, IP address, browser user agent)',
    kept: 'Until you sign out or the session expires (7 days without use); a password reset ends every session.',
  },
  {
    data: 'Landing pages and uploaded files',
    kept: 'Until the owner deletes the page. Uploads that no page uses are deleted automatically after one day.',
  },
  {
    data: 'Leads (email address, form answers, campaign parameters, referrer, confirmation and download status)',
    kept: 'Until the owner deletes the landing page they came from, or erases the person on the Privacy & data screen (an access or erasure request by email address, across all pages). Unconfirmed double opt-in sign-ups are deleted after 30 days, or the period the owner sets; owners may also set a period after which every lead is deleted.',
  },
  {
    data: 'Consent records (the exact consent text, its version, the time, and keyed hashes of the IP address and browser user agent)',
    kept: 'As long as the lead they belong to, so that consent can be demonstrated.',
  },
  {
    data: 'Verification codes and links',
    kept: 'Codes are stored only as keyed hashes and expire after 24 hours; download links are signed and expire after 7 days.',
  },
  {
    data: 'Page analytics (daily counts of views, unique visitors, leads, confirmations and downloads)',
    kept: 'As long as the landing page. Unique visitors are counted with a hash keyed by a random value made each day and deleted, with that day’s hashes, two days later; no cookie is set. While a page runs an A/B test, which of its two versions a visitor sees is worked out from a keyed hash of the network address and browser that is never stored; views and sign-ups record only the version’s letter.',
  },
  {
    data: 'Payment records (amount, currency, status, provider references)',
    kept: 'As long as the landing page, for the owner’s bookkeeping and refunds. When the person is erased, the payment is kept for tax without their identity (no lead, no email address).',
  },
  {
    data: 'Rate-limit counters (keyed hashes of IP addresses)',
    kept: 'Deleted within an hour; they never hold the address itself.',
  },
  {
    data: 'Data-request log and erasure tombstones (who asked, when, what, how many records; a keyed hash of the person’s address)',
    kept: 'As long as the workspace, to prove that a request was answered; the person’s address itself is never stored.',
  },
  {
    data: 'Contact messages (name, email address, topic, message, the consent given)',
    kept: 'As long as needed to answer and follow up on the request, or until you ask us to delete them.',
  },
];

/** The security measures the service actually implements. */
export const SECURITY_MEASURES: readonly string[] = [
  'All traffic is served over HTTPS in production, with HSTS and a strict Content Security Policy.',
  'Published pages run on a separate origin from the owner’s app, so tracking pixels and owners’ scripts never run next to a signed-in session.',
  'Passwords are stored only as salted hashes; session cookies are HttpOnly, SameSite=Lax and Secure over HTTPS.',
  'Every request that changes data in the app must come from the app’s own origin.',
  'Connected Stripe and PayPal credentials are encrypted at rest with AES-256-GCM and only ever shown masked.',
  'Download, confirmation and thank-you links are signed with a server secret; verification codes and consent IP addresses are stored only as keyed hashes.',
  'Sign-in, sign-up, submissions, verification and the contact form are rate limited per address.',
  'Every owner request is checked against the owner’s workspace, so one customer can never read another’s data.',
  'Tracking pixels and the owner’s scripts load only after the visitor accepts them.',
];

/** The notice the Terms promise before a material change takes effect (docs/product.md#legal-pages). */
export const TERMS_NOTICE_DAYS = 30;

/** The agreement each regulation page links to (docs/product.md#legal-pages). */
export const AGREEMENTS = {
  gdpr: { path: '/dpa', title: 'Data Processing Agreement' },
  ccpa: { path: '/ccpa-addendum', title: 'CCPA Service Provider Addendum' },
  pdpa: { path: '/pdpa-agreement', title: 'PDPA Data Intermediary Agreement' },
} as const;
