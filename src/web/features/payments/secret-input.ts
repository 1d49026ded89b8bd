/**
 * Credentials are typed or pasted, never suggested or corrected. The secrets are password inputs so
 * they stay hidden on screen; autocomplete is off so that browsers do not fill in a saved password.
 */
export const SECRET_INPUT_PROPS = {
  type: 'password',
  autoComplete: 'off',
  autoCapitalize: 'off',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

export const PLAIN_INPUT_PROPS = { ...SECRET_INPUT_PROPS, type: 'text' } as const;
