import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { loadDescription } from './api.ts'
import './styles.css'

// The first paint waits for the config's description: it brings the words of the admin's language (i18n.ts).
// A failed load still renders: the views say what failed.
const root = document.getElementById('root')
if (root)
  void loadDescription()
    .catch(() => undefined)
    .then(() => createRoot(root).render(<App />))
