import { createStore } from 'zustand/vanilla';
import type { Language } from '../../../shared/bridge';

/** What Settings shows of voice guidance while it runs: the UI language it has no voice for, if any. */
export const voiceStore = createStore<{ missingVoice: Language | undefined }>()(() => ({ missingVoice: undefined }));
