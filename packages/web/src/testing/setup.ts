// Vitest setup for the web project: DOM matchers, the browser APIs jsdom lacks and
// Mantine needs, and one MSW server that fails any request no test answered.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { useErrorDialogStore } from '../stores/error-dialog-store.ts';
import { server } from './server.ts';

installBrowserShims();
// findBy*/waitFor give up after 1 s by default; a route's first render (its loaders, lazy
// chunks) takes longer than that with four files side by side on two cores.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  useErrorDialogStore.setState({ sessionExpired: false, serverError: null });
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());

function installBrowserShims(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
  window.scrollTo = () => undefined;
}
