import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startLanguageLoaded } from './i18n';
import { reloadOnce } from './lib/lazy-load';

// A screen part whose preloaded files are gone (a new version replaced them): reload once instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await startLanguageLoaded;
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
