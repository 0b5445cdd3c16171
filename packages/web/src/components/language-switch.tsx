import { LANGUAGES, type Language } from '@iot/shared';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '@/i18n';

interface LanguageSwitchProps {
  /** What a choice does; by default the interface switches and the choice is remembered on this browser. */
  onChange?: (language: Language) => void;
  disabled?: boolean;
}

/** EN | PT: switches the interface language at once. */
export function LanguageSwitch({ onChange, disabled }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const choose = onChange ?? ((language: Language) => void changeLanguage(language));
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={currentLanguage()}
      disabled={disabled}
      onChange={(_event, language: Language | null) => {
        if (language) choose(language);
      }}
      aria-label={t('language.label')}
      sx={{ bgcolor: 'background.paper' }}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton
          key={language}
          value={language}
          lang={language}
          title={t(`language.${language}`)}
          sx={{
            px: 1.5,
            py: 0.5,
            fontWeight: 600,
            letterSpacing: 0.5,
            '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          }}
        >
          {language.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
