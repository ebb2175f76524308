/**
 * Build-time render of the login screen (issue 11 part 4: the first paint does not wait for JavaScript).
 * `prerender.mjs` builds this module for Node and writes its markup and antd's styles into login.html,
 * which the server sends for /login. The real app then takes over (platform/prerender.ts): nothing here runs
 * in the browser.
 */
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/platform/providers';
import LoginPage from './pages/LoginPage';

export function renderLoginScreen(): { html: string; css: string } {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppProviders queryClient={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </AppProviders>
    </StyleProvider>,
  );
  return { html, css: extractStyle(cache, { plain: true }) };
}
