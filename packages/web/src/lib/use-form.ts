import { issueMessage, type z } from '@iot/shared';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '@/i18n';

type FieldErrors = Record<string, string>;

function issuesByField(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issueMessage(issue);
  }
  return errors;
}

/**
 * A small form state checked with a shared zod schema: errors show after the first submit and follow each change;
 * the server's field messages show under their field until that field changes. Client errors are message codes,
 * translated when shown, so they follow a language switch.
 */
export function useForm<Values extends Record<string, string>, Schema extends z.ZodType>(
  schema: Schema,
  initialValues: Values,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (candidate: Values): FieldErrors => {
    const result = schema.safeParse(candidate);
    return result.success ? {} : issuesByField(result.error.issues);
  };

  const setValue = (name: keyof Values & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setServerErrors(({ [name]: _changed, ...others }) => others);
    if (submitted) setClientErrors(check(next));
  };

  const handleSubmit = (onValid: (data: z.output<Schema>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = schema.safeParse(values);
    if (!result.success) {
      setClientErrors(issuesByField(result.error.issues));
      return;
    }
    setClientErrors({});
    setServerErrors({});
    onValid(result.data);
  };

  /** Props for an MUI TextField bound to `name`; `hint` shows when the field has no error. */
  const field = (name: keyof Values & string, hint?: string) => {
    const error = clientErrors[name] ?? serverErrors[name];
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
      error: Boolean(error),
      helperText: error ? messageText(t, error) : hint,
    };
  };

  return { values, field, handleSubmit, setServerErrors };
}
