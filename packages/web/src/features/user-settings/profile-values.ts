import {
  type CallReception,
  issueMessage,
  type Language,
  UpdateProfileRequest,
  type User,
  WEEKDAYS,
  type Weekday,
} from '@iot/shared';

/** The settings form's values: what the user edits, as the inputs hold it. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  language: Language;
  timezone: number;
  phone: string;
  /** The period off work, `YYYY-MM-DD` each; both empty for none. */
  offFrom: string;
  offTo: string;
  callReception: CallReception;
}

/** A message code (or a server's text) per field, by the field's dotted path in the request: `callReception.mon.to`. */
export type ProfileErrors = Record<string, string>;

export function profileValues(user: User): ProfileValues {
  return {
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    language: user.profile.language,
    timezone: user.timezone,
    phone: user.phone,
    offFrom: user.periodOffWork?.from ?? '',
    offTo: user.periodOffWork?.to ?? '',
    callReception: Object.fromEntries(WEEKDAYS.map((day) => [day, { ...user.callReception[day] }])) as Record<
      Weekday,
      CallReception[Weekday]
    >,
  };
}

/**
 * Checks the values with the shared `UpdateProfileRequest` schema and builds the request. A period off work needs
 * both days or neither; each issue is a message code under the field's path.
 */
export function profileRequest(
  values: ProfileValues,
  version: number,
): { success: true; data: UpdateProfileRequest } | { success: false; errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const hasFrom = values.offFrom !== '';
  const hasTo = values.offTo !== '';
  if (hasFrom !== hasTo) errors[hasFrom ? 'periodOffWork.to' : 'periodOffWork.from'] = 'validation.required';

  const result = UpdateProfileRequest.safeParse({
    version,
    firstName: values.firstName,
    lastName: values.lastName,
    language: values.language,
    timezone: values.timezone,
    phone: values.phone,
    periodOffWork: hasFrom && hasTo ? { from: values.offFrom, to: values.offTo } : null,
    callReception: values.callReception,
  });
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issueMessage(issue);
  }
  if (!result.success || Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, data: result.data };
}
