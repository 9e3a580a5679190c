import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { pickBridge } from './bridge';
import { takeBootView } from './transport/boot';
import { startHeartbeat } from './transport/heartbeat';
import './main.css';

const root = document.getElementById('root');
const bridge = pickBridge();
if (root !== null) {
  if (bridge !== undefined) {
    const boot = takeBootView();
    const app = <App bridge={bridge} boot={boot} />;
    // The kiosk shell (no preload bridge) watches the page through its heartbeat.
    if (window.tunewall === undefined) startHeartbeat();
    // The kiosk shell drew the first screen into the page from this boot view: take its markup over as it is.
    if (boot?.renderedAt !== undefined && root.firstElementChild !== null) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.warn('Tunewall drew its first screen again: the markup from the shell did not match', error),
      });
    } else {
      createRoot(root).render(app);
    }
  } else {
    root.textContent = 'Tunewall cannot reach its core. Restart the app.';
    root.className = 'no-bridge';
  }
}
