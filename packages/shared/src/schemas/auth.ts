import { z } from '../validation.js';
import { Email, NewPassword, PASSWORD_MIN_LENGTH } from './common.js';
import { User } from './user.js';

export { PASSWORD_MIN_LENGTH };

export const SignInRequest = z.object({
  email: Email,
  password: z.string().min(1, { error: 'validation.required' }).max(256, { error: 'validation.too_long' }),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SignInResponse = z.object({ access_token: z.string(), user: User });
export type SignInResponse = z.infer<typeof SignInResponse>;

export const SignInTokenRequest = z.object({ token: z.string().min(1, { error: 'validation.required' }).max(512) });

const samePasswords =
  <K extends string>(first: K, second: K) =>
  (body: Record<K, string>) =>
    body[first] === body[second];

export const RegistrationRequest = z
  .object({
    username: z.string().trim().max(150, { error: 'validation.too_long' }).optional(),
    email: Email,
    password1: NewPassword,
    password2: z.string().min(1, { error: 'validation.required' }),
  })
  .refine(samePasswords('password1', 'password2'), { error: 'validation.password_mismatch', path: ['password2'] });
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

export const VerifyEmailRequest = z.object({ key: z.string().min(1, { error: 'validation.required' }).max(512) });

export const PasswordChangeRequest = z
  .object({
    old_password: z.string().min(1, { error: 'validation.required' }).max(256),
    password1: NewPassword,
    password2: z.string().min(1, { error: 'validation.required' }),
  })
  .refine(samePasswords('password1', 'password2'), { error: 'validation.password_mismatch', path: ['password2'] });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const PasswordResetRequest = z.object({ email: Email });

export const PasswordResetConfirmRequest = z
  .object({
    uid: z.string().min(1, { error: 'validation.required' }).max(128),
    token: z.string().min(1, { error: 'validation.required' }).max(512),
    new_password1: NewPassword,
    new_password2: z.string().min(1, { error: 'validation.required' }),
  })
  .refine(samePasswords('new_password1', 'new_password2'), {
    error: 'validation.password_mismatch',
    path: ['new_password2'],
  });
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;
