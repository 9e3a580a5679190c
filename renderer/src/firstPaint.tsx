/**
 * The first screen as HTML, drawn by the kiosk shell into index.html from the boot view (see shared/firstPaint.ts,
 * RenderFirstScreen). Built apart from the page (renderer/vite.firstpaint.config.ts) into one Node module the shell
 * loads at start. It is the page's own App with the same boot view, so the markup is what the page's first render
 * makes; nothing here runs in the page.
 */
import { renderToString } from 'react-dom/server';
import type { TunewallBridge } from '../../shared/bridge';
import type { RenderFirstScreen } from '../../shared/firstPaint';
import { App } from './App';
import { resolveLanguage } from './i18n';

/** Drawing the markup runs no effect, so nothing calls the bridge; if something did, it is told so. */
function refuse<T>(): Promise<T> {
  return Promise.reject(new Error('The first screen drawn in the Tunewall shell has no bridge.'));
}

const inertBridge: TunewallBridge = {
  getState: refuse,
  startPairing: refuse,
  browseAsGuest: refuse,
  signOut: refuse,
  chooseProfile: refuse,
  addMember: refuse,
  cancelAddMember: refuse,
  signOutMember: refuse,
  setChild: refuse,
  setPin: refuse,
  setExplicit: refuse,
  setSkipChooser: refuse,
  loadRow: refuse,
  getDetail: refuse,
  getTracks: refuse,
  getTiles: refuse,
  stationArt: refuse,
  favoriteState: refuse,
  addFavorite: refuse,
  qrCode: refuse,
  setTerritory: refuse,
  setLanguage: refuse,
  setVoiceGuidance: refuse,
  speak: refuse,
  stopSpeaking: refuse,
  setDisplay: refuse,
  diagnostics: refuse,
  companionOffer: refuse,
  companionCancelOffer: refuse,
  companionRemovePhone: refuse,
  sendToPhone: refuse,
  companionScreen: refuse,
  subscribe: () => () => undefined,
};

export const renderFirstScreen: RenderFirstScreen = (view) => ({
  markup: renderToString(<App bridge={inertBridge} boot={view} />),
  // As App resolves it for its first render.
  language: resolveLanguage(view.state.language, view.state.territory, view.state.systemLocale),
});
