import '../../app/zodJitless';
import { StrictMode } from 'react';
import '../../app/global.css';
import { createRoot } from 'react-dom/client';
import { FormPrintApp } from './FormPrintApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FormPrintApp />
  </StrictMode>,
);
