import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startUiLanguage } from './i18n/i18n.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Root element not found');

// The catalog of the link's language is on its way while the page's own code loads.
startUiLanguage(window.location);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
