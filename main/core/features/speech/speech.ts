/**
 * Voice guidance's main side: the setting as the screen sees it, and the shell's voice behind the bridge's speak and
 * stopSpeaking, which say nothing while the setting is off.
 */
import type { BridgeHandlers, VoiceGuidanceView } from '../../../../shared/bridge';
import { SpeechRequestSchema } from '../../../../shared/bridgeArgs';
import type { Settings } from '../settings/settings';
import type { ShellSpeaker } from './shellSpeaker';

export interface Speech {
  view(): VoiceGuidanceView;
  handlers: Pick<BridgeHandlers, 'speak' | 'stopSpeaking' | 'setVoiceGuidance'>;
  dispose(): void;
}

export function createSpeech(deps: { settings: Pick<Settings, 'voiceGuidance' | 'handlers'>; speaker: ShellSpeaker }): Speech {
  const { settings, speaker } = deps;
  return {
    view: () => {
      const enabled = settings.voiceGuidance();
      // The voice list is read only once guidance is on: a machine that never speaks never runs the engine.
      return {
        enabled,
        shellEngine: speaker.engine,
        shellLanguages: enabled ? speaker.languages() : [],
        shellVoices: enabled ? speaker.voices() : [],
      };
    },
    handlers: {
      setVoiceGuidance: async (enabled) => {
        // Off: nothing more is said, and the Japanese dictionary's memory goes back.
        if (!enabled) speaker.release();
        await settings.handlers.setVoiceGuidance(enabled);
      },
      speak: async (request) => {
        const parsed = SpeechRequestSchema.safeParse(request);
        if (!parsed.success || !settings.voiceGuidance()) return;
        speaker.speak(parsed.data);
      },
      stopSpeaking: async () => speaker.stop(),
    },
    dispose: () => speaker.dispose(),
  };
}
