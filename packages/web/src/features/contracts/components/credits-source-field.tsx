import type { Contract } from '@iot/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';

/** The select's value for credits bought for the contract itself (a select needs a value that is not empty). */
const BOUGHT = 'bought';

/**
 * Where a contract's credits come from: bought for it, or a share of a contract held by a level above (`sources`).
 * `current` is the source as read, kept as a choice even when no longer listed (the tree moved since).
 */
export function CreditsSourceField({
  sources,
  current = null,
  value,
  onChange,
  disabled = false,
}: {
  sources: readonly Contract[];
  current?: { contractId: string; name: string } | null;
  value: string | null;
  onChange: (fromContractId: string | null) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const unlisted = current && !sources.some((source) => source.contractId === current.contractId) ? current : null;
  // The choice shown closed leaves out what is left: the share's hint says it, and the line stays short.
  const shown = (chosen: unknown) => {
    const source = sources.find((one) => one.contractId === chosen);
    if (source) return `${source.name} · ${source.business.description}`;
    return chosen === BOUGHT ? t('contracts.credits.boughtHere') : (unlisted?.name ?? '');
  };
  return (
    <TextField
      select
      size="small"
      label={t('contracts.credits.source')}
      value={value ?? BOUGHT}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === BOUGHT ? null : event.target.value)}
      slotProps={{ select: { renderValue: shown } }}
      sx={{ flex: 2, minWidth: 0 }}
    >
      <MenuItem value={BOUGHT}>{t('contracts.credits.boughtHere')}</MenuItem>
      {unlisted && <MenuItem value={unlisted.contractId}>{unlisted.name}</MenuItem>}
      {sources.map((source) => (
        <MenuItem key={source.contractId} value={source.contractId} sx={{ whiteSpace: 'normal' }}>
          {[
            source.name,
            source.business.description,
            t('contracts.credits.leftOf', { left: numbers.format(Math.max(source.credits.left, 0)) }),
          ].join(' · ')}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The credits total's label and hint: with a source, it is the share of the source's credits, and the hint says how
 * many the source has left to give (`more`: the source already gave this contract its share).
 */
export function shareFieldTexts(
  t: TFunction,
  language: string,
  source: Contract | undefined,
  more = false,
): { label: string; hint: string | undefined } {
  if (!source) return { label: t('contracts.credits.total'), hint: undefined };
  const left = new Intl.NumberFormat(formatLocale(language)).format(Math.max(source.credits.left, 0));
  return {
    label: t('contracts.credits.share'),
    hint: t(more ? 'contracts.credits.sourceLeftMore' : 'contracts.credits.sourceLeft', { name: source.name, left }),
  };
}
