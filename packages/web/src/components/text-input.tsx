import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error' | 'fullWidth' | 'id'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  id?: string;
};

/**
 * A text field drawn as MUI's outlined `TextField` (the same label, outline, helper text and their links), without
 * its select mode: `TextField` always brings the select, menu and popover code, which the sign-in pages never use and
 * would otherwise carry into their first load.
 */
export function TextInput({ label, helperText, error = false, id, required, disabled, ...input }: TextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperTextId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={inputId} id={`${inputId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperTextId} fullWidth {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
