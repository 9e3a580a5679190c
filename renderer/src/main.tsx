import { createRoot } from 'react-dom/client';
import { App } from './App';
import { pickBridge } from './bridge';
import { takeBootView } from './transport/boot';
import './styles/app.css';

const root = document.getElementById('root');
const bridge = pickBridge();
if (root !== null) {
  if (bridge !== undefined) {
    createRoot(root).render(<App bridge={bridge} boot={takeBootView()} />);
  } else {
    root.textContent = 'Tunewall cannot reach its core. Restart the app.';
    root.className = 'no-bridge';
  }
}
