import '@mantine/core/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { storedLocale } from './i18n/language';
import { loadCatalogue } from './i18n/locale';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;

// The reader's language before the first render (index.html's loading state shows meanwhile).
loadCatalogue(storedLocale())
  .catch((error: unknown) => console.error('The interface language could not be loaded; showing English', error))
  .finally(() => createRoot(root).render(<StrictMode><App /></StrictMode>));
