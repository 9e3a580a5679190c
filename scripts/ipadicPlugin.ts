/**
 * A build plugin that writes voice guidance's compact Japanese dictionary (main/core/features/speech/ipadic.ts) beside
 * the shell's bundle as ipadic.bin, made from the installed kuromoji's IPA dictionary: the kiosk shell's build
 * (vite.kiosk.config.ts) and the Electron main process's (electron.vite.config.ts) each carry one.
 */
import type { Plugin } from 'vite';
import { encodeDictionary, IPADIC_FILE, kuromojiVersion } from '../main/core/features/speech/ipadic';
import { compactDictionary } from '../main/core/features/speech/ipadicBuild';
import { kuromojiDictionary } from '../main/core/features/speech/readings';

export function ipadicPlugin(): Plugin {
  return {
    name: 'tunewall-ipadic',
    apply: 'build',
    async generateBundle() {
      const dictionary = await compactDictionary(kuromojiDictionary());
      this.emitFile({ type: 'asset', fileName: IPADIC_FILE, source: encodeDictionary(dictionary, kuromojiVersion()) });
    },
  };
}
