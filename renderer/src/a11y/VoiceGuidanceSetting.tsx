import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { FocusButton } from '../components/FocusButton';
import { useApp, useTunewall } from '../store/context';
import { noVoiceText } from './voiceText';
import { voiceStore } from './voiceStore';

/** Settings' voice guidance choice, and the word that this device has no voice of the UI language, when it has none. */
export function VoiceGuidanceSetting({ onFocused }: { onFocused: (node: HTMLElement) => void }) {
  const { t, i18n } = useTranslation();
  const { bridge } = useTunewall();
  const enabled = useApp((s) => s.state?.voiceGuidance.enabled ?? false);
  const missing = useStore(voiceStore, (s) => s.missingVoice);
  const note = useRef<HTMLParagraphElement>(null);
  // The notice below the choice comes into view with it: it is what the choice is about.
  const reveal = (node: HTMLElement): void => {
    onFocused(node);
    if (note.current !== null) onFocused(note.current);
  };
  return (
    <>
      <h2 id="voice-guidance-heading">{t('settings.voiceGuidance')}</h2>
      <div className="choices" role="group" aria-labelledby="voice-guidance-heading">
        {[true, false].map((value) => (
          <FocusButton
            key={String(value)}
            focusKey={`voice-guidance:${value ? 'on' : 'off'}`}
            selected={enabled === value}
            onSelect={() => void bridge.setVoiceGuidance(value)}
            onFocused={reveal}
            label={`${t('settings.voiceGuidance')}: ${value ? t('settings.voiceOn') : t('settings.voiceOff')}`}
          >
            {value ? t('settings.voiceOn') : t('settings.voiceOff')}
          </FocusButton>
        ))}
      </div>
      {enabled && missing !== undefined && (
        <p ref={note} className="muted" data-testid="no-voice">
          {noVoiceText(t, missing, i18n.language)}
        </p>
      )}
    </>
  );
}
