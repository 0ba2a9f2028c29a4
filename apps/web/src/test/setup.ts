import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerAreaStrings } from '@/app/areas';
import { initI18n } from '@/lib/i18n';
import { fakeMediaQueryList } from './media';

// Mantine reads these browser APIs, which jsdom does not implement. (Pure tests run in node.)
const hasDom = typeof window !== 'undefined';

if (hasDom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (hasDom && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (hasDom && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

// The app's texts: the shell's and every area's (as main.tsx loads them).
await registerAreaStrings();
await initI18n('en');

afterEach(() => {
  cleanup();
});
