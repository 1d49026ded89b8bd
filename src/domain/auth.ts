import { z } from 'zod';

/** Password rules shared by the sign-up and reset forms and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const messages = {
  nameRequired: 'Full Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDiffer: 'Passwords do not match',
} as const;

const email = z.string().trim().min(1, messages.emailRequired).email(messages.emailInvalid);
const newPassword = z
  .string()
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, messages.passwordRequired),
});

export const signUpSchema = z.object({
  name: z.string().trim().min(1, messages.nameRequired).max(100),
  email,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ['confirmPassword'],
  });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
