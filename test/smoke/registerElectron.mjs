// `node --import ./registerElectron.mjs out/main/index.js`: installs the hooks that stand in for 'electron'.
import { register } from 'node:module';

register('./electronHooks.mjs', import.meta.url);
