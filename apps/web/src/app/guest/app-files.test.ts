import { describe, expect, it } from 'vitest';
import { appFilesFor } from './app-files';

const FILES = {
  start: ['/assets/index.js', '/assets/react.js', '/assets/web.css'],
  groups: {
    guest: [{ href: '/assets/login.js' }],
    '*': [{ href: '/assets/layout.js' }, { href: '/assets/layout.css' }],
    '/': [{ href: '/assets/dashboard.js' }],
    '/hr/employees': [{ href: '/assets/employees.js' }],
    'texts-en': [{ href: '/assets/texts-en.js' }],
    'texts-ar': [{ href: '/assets/texts-ar.js' }],
  },
};

describe('appFilesFor', () => {
  it("takes the app's start, the layout, the next screen and the language's texts", () => {
    expect(appFilesFor(FILES, 'ar', '/hr/employees?page=2')).toEqual([
      '/assets/index.js',
      '/assets/react.js',
      '/assets/web.css',
      '/assets/layout.js',
      '/assets/layout.css',
      '/assets/employees.js',
      '/assets/texts-ar.js',
    ]);
  });

  it("takes the dashboard's when the next address is none, another site's, or has no files", () => {
    for (const next of [null, '//evil.example/hr/employees', 'https://evil.example/']) {
      const files = appFilesFor(FILES, 'en', next);
      expect(files, String(next)).toContain('/assets/dashboard.js');
      expect(files).not.toContain('/assets/employees.js');
    }
    const other = appFilesFor(FILES, 'en', '/finance/vaults');
    expect(other).not.toContain('/assets/dashboard.js');
    expect(other).toContain('/assets/layout.js');
    expect(other).not.toContain('/assets/login.js');
  });

  it('leaves out a stylesheet the page holds already, written in by the build', () => {
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.disabled = true;
    style.setAttribute('href', '/assets/web.css');
    document.head.appendChild(style);
    try {
      const files = appFilesFor(FILES, 'en', null);
      expect(files).not.toContain('/assets/web.css');
      expect(files).toContain('/assets/layout.css');
    } finally {
      style.remove();
    }
  });
});
