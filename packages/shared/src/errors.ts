import { z } from 'zod';
import type { MessageCode } from './messages.js';

/** The HTTP status each error code is answered with; the server's one error handler reads this table. */
export const ERROR_STATUS = {
  'validation.failed': 400,
  'request.invalid_json': 400,
  'request.failed': 400,
  'request.too_large': 413,
  'request.headers_too_large': 431,
  'request.timeout': 408,
  'request.unsupported_media_type': 415,
  'auth.required': 401,
  'auth.invalid_credentials': 401,
  'auth.invalid_token': 401,
  'auth.email_not_confirmed': 403,
  'auth.throttled': 429,
  'auth.email_taken': 409,
  'auth.invalid_confirmation_key': 400,
  'auth.wrong_current_password': 400,
  'auth.invalid_reset_link': 400,
  'csrf.failed': 403,
  forbidden: 403,
  'business.no_permission': 403,
  'business.has_devices': 422,
  'business.has_sublevels': 422,
  'business.move_target_not_found': 422,
  'business.move_same_parent': 422,
  'business.move_to_itself': 422,
  'business.move_to_descendant': 422,
  'business.role_above_own': 403,
  'business.lock_mismatch': 422,
  'business.user_self': 422,
  'business.user_not_in_list': 404,
  'plan.limit_exceeded': 422,
  'plan.unavailable': 422,
  'device.unknown_type': 422,
  'device.network_id_taken': 409,
  'device.network_not_supported': 422,
  'device.not_configurable': 422,
  'device.csv_invalid': 400,
  'device.level_denied': 403,
  'device.move_held_back': 403,
  'ingest.invalid_token': 401,
  'ingest.unknown_device': 404,
  'ingest.not_internet_device': 400,
  'integration.server_address_not_allowed': 422,
  'alarm.already_acknowledged': 409,
  'alarm.not_snoozed': 422,
  'alarm.rule_signal_not_numeric': 422,
  'action.callback_address_not_allowed': 422,
  'geotab.invalid_credentials': 422,
  'geotab.session_expired': 422,
  'geotab.unreachable': 502,
  'signal.key_taken': 409,
  'signal.locked': 409,
  'signal.not_locked': 422,
  'signal.no_codec_definition': 422,
  'preset.unknown_model': 422,
  'preset.model_not_configurable': 422,
  'asset_type.name_taken': 409,
  not_found: 404,
  conflict: 409,
  'server.error': 500,
} as const satisfies Partial<Record<MessageCode, number>>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every failed call: a stable code, a localised message and, for invalid input, a message per field. */
export const ErrorResponse = z
  .object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
