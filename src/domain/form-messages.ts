// The page creator's and dashboard's messages about a page, in a module of their own (no zod), so a
// screen that shows one does not download the form schemas.

/** docs/product.md#validation and #messages, word for word. */
export const formMessages = {
  titleRequired: 'Title is required',
  businessNameRequired: 'Business name is required',
  leadMagnetRequired: 'Please upload a PDF file',
  /** A page's logo or cover that is not one of the workspace's uploads (or not at its uploaded size). */
  imageMissing: 'This image is not one of your uploads: upload it again.',
  leadMagnetNameRequired: 'Please provide a name for your lead magnet',
  fieldLabelRequired: 'Field label is required',
  emailFieldLocked: 'The email field cannot be removed',
  fixBeforeSaving: 'Please fix the errors before saving',
  fixBeforePreviewing: 'Please fix the errors before previewing',
  fileTooLarge: 'File size exceeds the 10MB limit',
  noConfiguration: 'No form configuration was found. Please create a form first.',
  published: 'Your landing page has been published successfully!',
  linkCopied: 'Link copied to clipboard!',
  wholeAmountsOnly: 'JPY amounts are whole numbers: no decimals.',
  // Not in the prototype (it had no privacy policy address); worded in the style of the messages above.
  privacyPolicyUrlRequired: "Enter your privacy policy's address (https://…)",
  privacyPolicyUrlInvalid: 'Enter a web address that starts with https:// or http://',
  // Field types beyond the prototype's six (dropdown, multiple choice, hidden), in the same style.
  fieldOptionsRequired: 'Add at least one option',
  fieldOptionEmpty: 'Fill in or remove the empty option',
  fieldOptionsDuplicate: 'Each option must be different',
  fieldParamRequired: 'Enter the link parameter that fills this field (e.g. utm_source)',
  fieldParamInvalid: 'Use up to 64 letters, digits, dots, dashes or underscores (e.g. utm_source)',
} as const;
