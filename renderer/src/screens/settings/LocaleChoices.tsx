import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageSetting, UiError } from '../../../../shared/bridge';
import type { Territory } from '../../../../shared/territory';
import { announce } from '../../a11y/announce';
import { FocusButton } from '../../components/FocusButton';
import { errorText } from '../../i18n/errorText';
import { useTunewall } from '../../store/context';
import { reveal } from './reveal';

// Listed here rather than imported: shared/territory's runtime value brings the schema library into the bundle.
const TERRITORIES = ['TW', 'HK', 'SG', 'MY', 'JP'] as const satisfies readonly Territory[];

/** Without a label: said in the UI language. */
const LANGUAGES: { value: LanguageSetting; label: string | undefined }[] = [
  { value: 'auto', label: undefined },
  { value: 'territory', label: undefined },
  { value: 'en', label: 'English' },
  { value: 'zh-Hant', label: '繁體中文' },
  { value: 'ja', label: '日本語' },
];

export function territoryFocusKey(territory: Territory): string {
  return `territory:${territory}`;
}

/** Settings' territory (whose catalog) and language choices, and why a territory could not be chosen. */
export function LocaleChoices({ territory, language }: { territory: Territory; language: LanguageSetting }) {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const [territoryError, setTerritoryError] = useState<UiError | undefined>(undefined);
  const chooseTerritory = (value: Territory): void => {
    setTerritoryError(undefined);
    void bridge.setTerritory(value).then((result) => {
      if (result.ok) return;
      setTerritoryError(result.error);
      announce(errorText(t, result.error));
    });
  };
  return (
    <>
      <h2 id="settings-territory">{t('settings.territory')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-territory">
        {TERRITORIES.map((value) => (
          <FocusButton
            key={value}
            focusKey={territoryFocusKey(value)}
            selected={territory === value}
            onSelect={() => chooseTerritory(value)}
            onFocused={reveal}
          >
            {t(`settings.territoryNames.${value}`)}
          </FocusButton>
        ))}
      </div>
      {territoryError !== undefined && <p className="row-error">{errorText(t, territoryError)}</p>}
      <h2 id="settings-language">{t('settings.language')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-language">
        {LANGUAGES.map(({ value, label }) => (
          <FocusButton
            key={value}
            focusKey={`language:${value}`}
            selected={language === value}
            onSelect={() => void bridge.setLanguage(value)}
            onFocused={reveal}
          >
            <span lang={label === undefined ? undefined : value}>
              {label ?? (value === 'territory' ? t('settings.languageTerritory') : t('settings.languageAuto'))}
            </span>
          </FocusButton>
        ))}
      </div>
    </>
  );
}
