import { afterEach, describe, expect, it } from 'vitest';
import { holdStaticSignIn, markSessionFresh, sessionJustMade } from './static-sign-in';

/** Resolves after the next frame and a task more: when the early form takes the focus. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** The guest page as the build writes it: the form in each language, hidden, in templates. */
function guestPage() {
  const form = (language: string, submit: string) => `<template id="sign-in-${language}">
    <form><div role="radiogroup"><input type="radio" name="lang" value="en"><input type="radio" name="lang" value="ar"></div>
    <input autocomplete="username"><input id="login-password" type="password" autocomplete="current-password">
    <button type="button" class="mantine-PasswordInput-visibilityToggle">eye</button>
    <button type="submit">${submit}</button></form></template>`;
  document.body.innerHTML = `<div id="sign-in-static" hidden>${form('en', 'Log In')}${form('ar', 'دخول')}</div><div id="root"></div>`;
  return document.getElementById('sign-in-static')!;
}

const submitButton = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`#sign-in-static input[autocomplete="${name}"]`)!;

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-static-sign-in');
});

describe('holdStaticSignIn', () => {
  it("shows the form in the visitor's language, and focuses it once painted", async () => {
    localStorage.setItem('back-office-language', 'ar');
    const hold = guestPage();
    holdStaticSignIn();
    expect(hold.hidden).toBe(false);
    expect(submitButton().textContent).toBe('دخول');
    expect(document.documentElement.dir).toBe('rtl');
    await afterPaint();
    expect(document.activeElement).toBe(field('username'));
  });

  it('leaves the focus where the person put it before the form was painted', async () => {
    guestPage();
    holdStaticSignIn();
    field('current-password').focus();
    await afterPaint();
    expect(document.activeElement).toBe(field('current-password'));
  });

  it('holds "Log In" with both fields filled, instead of letting the browser reload the page', () => {
    const hold = guestPage();
    holdStaticSignIn();
    const form = hold.querySelector('form')!;
    const empty = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(empty);
    expect(empty.defaultPrevented).toBe(true);
    expect(hold.hasAttribute('data-submitted')).toBe(false);

    field('username').value = 'a@example.org';
    field('current-password').value = 'secret';
    const filled = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(filled);
    expect(filled.defaultPrevented).toBe(true);
    expect(hold.hasAttribute('data-submitted')).toBe(true);
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
  });

  it('switches language keeping what was typed, remembers it, and shows the password on the eye', () => {
    const hold = guestPage();
    holdStaticSignIn();
    field('username').value = 'a@example.org';
    field('current-password').value = 'secret';
    const arabic = hold.querySelector<HTMLInputElement>('input[value="ar"]')!;
    arabic.checked = true;
    arabic.dispatchEvent(new Event('change', { bubbles: true }));
    expect(submitButton().textContent).toBe('دخول');
    expect(localStorage.getItem('back-office-language')).toBe('ar');
    // What the React form reads when it takes over (takeOverStaticSignIn).
    expect(hold.getAttribute('data-language')).toBe('ar');
    expect(field('username').value).toBe('a@example.org');
    expect(field('current-password').value).toBe('secret');
    hold.querySelector<HTMLButtonElement>('.mantine-PasswordInput-visibilityToggle')!.click();
    expect(field('current-password').type).toBe('text');
  });

  it('does nothing on a page without the form', () => {
    document.body.innerHTML = '<div id="root"></div>';
    holdStaticSignIn();
    expect(document.documentElement.hasAttribute('data-static-sign-in')).toBe(false);
  });
});

describe('a session made a moment ago', () => {
  it('is fresh once, for the token it was made with', () => {
    markSessionFresh('token-1');
    expect(sessionJustMade('token-2')).toBe(false);
    markSessionFresh('token-1');
    expect(sessionJustMade('token-1')).toBe(true);
    // A reload refreshes it, as always.
    expect(sessionJustMade('token-1')).toBe(false);
  });
});
