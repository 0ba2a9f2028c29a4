import { afterEach, describe, expect, it } from 'vitest';
import { startGuestPage } from './show';

/** The guest page as the build writes it: the form in each language, hidden, in templates. */
function guestPage() {
  const form = (language: string) => `<template id="sign-in-${language}"><form>
    <input autocomplete="username"><input id="login-password" type="password" autocomplete="current-password">
    <button type="submit">${language}</button></form></template>`;
  document.body.innerHTML = `<div id="sign-in-static" hidden>${form('en')}${form('ar')}</div><div id="root"></div>`;
}

const shownForms = () => document.querySelectorAll('#sign-in-static form').length;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-guest-page');
  document.documentElement.removeAttribute('data-static-sign-in');
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe('startGuestPage', () => {
  it('shows the sign-in form once, however often it is called (inline, then by the entry)', () => {
    window.history.replaceState(null, '', '/auth/login');
    guestPage();
    expect(startGuestPage()).toBe(true);
    expect(shownForms()).toBe(1);
    expect(startGuestPage()).toBe(true);
    expect(shownForms()).toBe(1);
  });

  it('sends any other address to the sign-in page, keeping where the person was going', () => {
    window.history.replaceState(null, '', '/hr/employees?page=2');
    guestPage();
    expect(startGuestPage()).toBe(true);
    expect(window.location.pathname + window.location.search).toBe(
      '/auth/login?redirect=/hr/employees%3Fpage%3D2',
    );
    expect(shownForms()).toBe(1);
  });

  it('shows no sign-in form on the other guest pages', () => {
    window.history.replaceState(null, '', '/auth/forgot-password');
    guestPage();
    expect(startGuestPage()).toBe(true);
    expect(window.location.pathname).toBe('/auth/forgot-password');
    expect(shownForms()).toBe(0);
  });
});
