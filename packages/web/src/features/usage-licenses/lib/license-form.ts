import {
  CreateUsageLicenseRequest,
  issueMessage,
  type Message,
  type UpdateUsageLicenseRequest,
  type UsageLicense,
  type z,
} from '@iot/shared';

/** What the license dialog edits: dates as the date inputs hold them (`YYYY-MM-DD`, empty: none). */
export interface LicenseDraft {
  businessId: string;
  licenseId: string;
  corporateName: string;
  type: string;
  startsOn: string;
  endsOn: string;
  comments: string;
  omieContractId: string;
  omieStartsOn: string;
  omieEndsOn: string;
}

export type LicenseField = keyof LicenseDraft;

const pad = (value: number) => String(value).padStart(2, '0');

/** The day an instant falls on where the user is, as a date input holds it. */
export function dayOf(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The instant a day begins (`end`: ends) where the user is; null for no day. A license ending on a day holds through
 * that day, so its end is the day's last millisecond.
 */
export function instantOfDay(day: string, end = false): string | null {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  const moment = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
  return moment.toISOString();
}

export const emptyLicenseDraft = (businessId = ''): LicenseDraft => ({
  businessId,
  licenseId: '',
  corporateName: '',
  type: '',
  startsOn: '',
  endsOn: '',
  comments: '',
  omieContractId: '',
  omieStartsOn: '',
  omieEndsOn: '',
});

export const licenseDraftOf = (license: UsageLicense): LicenseDraft => ({
  businessId: license.business.id,
  licenseId: license.licenseId,
  corporateName: license.corporateName,
  type: license.type,
  startsOn: dayOf(license.startsAt),
  endsOn: dayOf(license.endsAt),
  comments: license.comments,
  omieContractId: license.omie.contractId ?? '',
  omieStartsOn: dayOf(license.omie.startsAt),
  omieEndsOn: dayOf(license.omie.endsAt),
});

/** The body of `POST /usage-licenses` the draft makes. */
export const createBodyOf = (draft: LicenseDraft): z.input<typeof CreateUsageLicenseRequest> => ({
  businessId: draft.businessId,
  licenseId: draft.licenseId.trim(),
  corporateName: draft.corporateName.trim(),
  type: draft.type.trim(),
  startsAt: instantOfDay(draft.startsOn),
  endsAt: instantOfDay(draft.endsOn, true),
  comments: draft.comments.trim(),
  omie: {
    contractId: draft.omieContractId.trim() || null,
    startsAt: instantOfDay(draft.omieStartsOn),
    endsAt: instantOfDay(draft.omieEndsOn, true),
  },
});

/** The body of `PATCH /usage-licenses/{id}` over the version read: every field the dialog shows, its business kept. */
export const updateBodyOf = (draft: LicenseDraft, version: number): z.input<typeof UpdateUsageLicenseRequest> => {
  const { businessId: _kept, ...fields } = createBodyOf(draft);
  return { version, ...fields };
};

/** Where a field of the request shows its error in the dialog. */
const FIELD_OF_PATH: Record<string, LicenseField> = {
  businessId: 'businessId',
  licenseId: 'licenseId',
  corporateName: 'corporateName',
  type: 'type',
  startsAt: 'startsOn',
  endsAt: 'endsOn',
  comments: 'comments',
  'omie.contractId': 'omieContractId',
  'omie.startsAt': 'omieStartsOn',
  'omie.endsAt': 'omieEndsOn',
};

/** The dialog field a request path (as the server's `fields` name it) belongs to, if any. */
export const fieldOfPath = (path: string): LicenseField | undefined => FIELD_OF_PATH[path];

/** What is wrong with the draft, by field, checked with the API's own rules; an end before its start too. */
export function licenseDraftIssues(draft: LicenseDraft): Partial<Record<LicenseField, Message>> {
  const issues: Partial<Record<LicenseField, Message>> = {};
  const parsed = CreateUsageLicenseRequest.safeParse(createBodyOf(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.join('.'));
      if (field) issues[field] ??= issueMessage(issue);
    }
  }
  if (draft.startsOn && draft.endsOn && draft.endsOn < draft.startsOn) issues.endsOn ??= 'validation.date_range';
  if (draft.omieStartsOn && draft.omieEndsOn && draft.omieEndsOn < draft.omieStartsOn)
    issues.omieEndsOn ??= 'validation.date_range';
  return issues;
}
