import { useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { FocusButton } from '../components/FocusButton';
import { useApp, useTunewall } from '../store/context';
import { noVoiceText } from './voiceText';
import { voiceStore, type VoiceLine } from './voiceStore';
import './VoiceGuidanceSetting.css';

/** "Japanese: espeak-ng (ja), readings by kuromoji": which voice reads a language here, and what helps it read. */
export function voiceLineText(t: TFunction, line: VoiceLine): string {
  const language = t(`settings.voiceLang.${line.lang}`);
  if (line.voice === undefined) return t('settings.voiceNone', { language });
  const voice = line.browser ? t('settings.voiceBrowser', { name: line.voice }) : line.voice;
  return line.readings === undefined ? t('settings.voiceBy', { language, voice }) : t('settings.voiceWithReadings', { language, voice, readings: line.readings });
}

/** Settings' voice guidance choice, and the word that this device has no voice of the UI language, when it has none. */
export function VoiceGuidanceSetting({ onFocused }: { onFocused: (node: HTMLElement) => void }) {
  const { t, i18n } = useTranslation();
  const { bridge } = useTunewall();
  const enabled = useApp((s) => s.state?.voiceGuidance.enabled ?? false);
  const missing = useStore(voiceStore, (s) => s.missingVoice);
  const voices = useStore(voiceStore, (s) => s.voices);
  const note = useRef<HTMLParagraphElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The notice below the choice comes into view with it: it is what the choice is about.
  const reveal = (node: HTMLElement): void => {
    onFocused(node);
    if (note.current !== null) onFocused(note.current);
    // Which voice reads what comes into view too: nothing below it takes focus to bring it there.
    if (list.current !== null) onFocused(list.current);
  };
  return (
    <>
      <h2 id="voice-guidance-heading">{t('settings.voiceGuidance')}</h2>
      <div className="choices" role="group" aria-labelledby="voice-guidance-heading" aria-describedby={enabled && voices.length > 0 ? 'voice-list' : undefined}>
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
      {enabled && voices.length > 0 && (
        <ul ref={list} id="voice-list" className="voice-list muted" aria-label={t('settings.voices')} data-testid="voice-list">
          {voices.map((line) => (
            <li key={line.lang}>{voiceLineText(t, line)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
