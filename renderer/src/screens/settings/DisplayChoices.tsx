import { useTranslation } from 'react-i18next';
import type { TextSize } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { useApp, useTunewall } from '../../store/context';
import { reveal } from './reveal';

// Listed here rather than imported, as the territories are: shared/bridgeArgs brings the schema library.
const TEXT_SIZES = [100, 125, 150] as const satisfies readonly TextSize[];

/** Text size and contrast, for low vision: applied at once, kept by the main side. */
export function DisplayChoices() {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const display = useApp((s) => s.state?.display);
  if (display === undefined) return null;
  return (
    <>
      <h2 id="settings-text-size">{t('settings.textSize')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-text-size">
        {TEXT_SIZES.map((size) => (
          <FocusButton
            key={size}
            focusKey={`text-size:${size}`}
            selected={display.textSize === size}
            onSelect={() => void bridge.setDisplay({ textSize: size })}
            onFocused={reveal}
          >
            {t('settings.percent', { value: size })}
          </FocusButton>
        ))}
      </div>
      <h2 id="settings-contrast">{t('settings.contrast')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-contrast">
        {([false, true] as const).map((on) => (
          <FocusButton
            key={String(on)}
            focusKey={`contrast:${on ? 'high' : 'standard'}`}
            selected={display.highContrast === on}
            onSelect={() => void bridge.setDisplay({ highContrast: on })}
            onFocused={reveal}
          >
            {on ? t('settings.contrastHigh') : t('settings.contrastStandard')}
          </FocusButton>
        ))}
      </div>
    </>
  );
}
