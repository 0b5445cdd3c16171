import { INTEGER_COLUMN_MAX, z } from '../validation.js';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.too_long' })
  .pipe(z.email({ error: 'validation.email' }));

export const PASSWORD_MIN_LENGTH = 8;

export const NewPassword = z
  .string()
  .min(1, { error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.password_min' })
  .max(256, { error: 'validation.too_long' });

export const RequiredText = z.string().trim().min(1, { error: 'validation.required' });

/** A calendar day, `YYYY-MM-DD`. */
export const IsoDate = z.iso.date({ error: 'validation.invalid' });

/** The version an editable entity carries (ARCHITECTURE "Concurrency"), kept in an `integer` column. */
export const Version = z
  .int()
  .min(-INTEGER_COLUMN_MAX - 1)
  .max(INTEGER_COLUMN_MAX);

export const OkResponse = z.object({ detail: z.string() });
