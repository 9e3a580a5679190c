import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import './theme.css';
import { createPhoneApi } from './api/client';
import { pageStorage, storedCredentials } from './api/credentials';
import { pairOnLoad, secretOf } from './api/pairing';
import { App } from './components/App';
import { createPhoneI18n } from './i18n';
import { pickLanguage } from './i18n/language';

const language = pickLanguage(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
document.documentElement.lang = language;
const i18n = createPhoneI18n(language);
const credentials = storedCredentials(pageStorage());
const fetchFromPage: typeof fetch = (input, init) => window.fetch(input, init);
// Before anything draws: the QR code's secret leaves the address bar at once.
const first = pairOnLoad({ location: window.location, history: window.history }, createPhoneApi({ fetch: fetchFromPage, credentials, unpaired: () => undefined }), credentials);

// A QR code opened while the page is already open changes only the fragment: start again, to pair with it.
window.addEventListener('hashchange', () => {
  if (secretOf(window.location.hash) !== undefined) window.location.reload();
});

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <App env={{ fetch: fetchFromPage, credentials, language }} first={first} />
    </I18nextProvider>,
  );
}
