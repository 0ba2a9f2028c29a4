/*
 * The sign-in form before the app has loaded (build/prerender-sign-in.ts puts its markup in
 * index.html, in both languages). When nobody is signed in, this shows the form in the visitor's
 * language at once; the person can type, switch language and press "Log In". The app then takes
 * the form over with what was typed, and signs in if it was asked to
 * (src/lib/static-sign-in.ts). A plain script: it runs before the app's modules, with
 * the page's Content-Security-Policy (no inline script).
 */
(function () {
  var hold = document.getElementById('sign-in-static');
  if (!hold) return;

  function read(storage, key) {
    try {
      return window[storage].getItem(key);
    } catch {
      return null;
    }
  }

  var path = location.pathname;
  var otherAuthPage = path.indexOf('/auth/') === 0 && path !== '/auth/login';
  // A session in this tab, or in another tab of this browser session (the "a tab is signed in"
  // cookie, src/lib/session-share.ts): the app shows the signed-in screens.
  var signedIn =
    read('sessionStorage', 'authenticated-user-data') ||
    /(?:^|;\s*)back-office-session-open=1(?:;|$)/.test(document.cookie);
  if (signedIn || otherAuthPage) {
    hold.parentNode.removeChild(hold);
    return;
  }

  var html = document.documentElement;
  var shown = null;

  function field(name) {
    return shown && shown.querySelector('input[autocomplete="' + name + '"]');
  }

  function show(language, values) {
    var template = document.getElementById('sign-in-' + language);
    if (!template) return;
    if (shown) hold.removeChild(shown);
    shown = document.createElement('div');
    shown.appendChild(template.content.cloneNode(true));
    hold.appendChild(shown);
    html.lang = language;
    html.dir = language === 'ar' ? 'rtl' : 'ltr';
    if (values) {
      field('username').value = values.identity;
      field('current-password').value = values.password;
    }
    var empty = values && values.identity ? field('current-password') : field('username');
    if (empty) empty.focus();
  }

  html.setAttribute('data-static-sign-in', '');
  // Which field the person is in: the app's form, which takes the focus as it appears, gives it
  // back to that field (it reads data-focused).
  hold.addEventListener('focusin', function (event) {
    var name = event.target.getAttribute('autocomplete');
    var toggle = event.target.closest('.mantine-PasswordInput-visibilityToggle');
    var focused =
      name === 'username'
        ? 'identity'
        : name === 'current-password'
          ? 'password'
          : toggle
            ? 'toggle'
            : '';
    hold.setAttribute('data-focused', focused);
  });
  // Mantine's colours hang on this attribute, which the app sets when it starts (always light).
  html.setAttribute('data-mantine-color-scheme', 'light');
  hold.hidden = false;
  show(read('localStorage', 'back-office-language') === 'ar' ? 'ar' : 'en');

  hold.addEventListener('change', function (event) {
    var target = event.target;
    if (target.type !== 'radio' || (target.value !== 'en' && target.value !== 'ar')) return;
    try {
      localStorage.setItem('back-office-language', target.value);
    } catch {
      // Not remembered; still shown.
    }
    show(target.value, {
      identity: field('username').value,
      password: field('current-password').value,
    });
  });

  // The eye button beside the password shows what was typed (its icon stays until the app).
  hold.addEventListener('click', function (event) {
    var toggle = event.target.closest('.mantine-PasswordInput-visibilityToggle');
    var password = field('current-password');
    if (!toggle || !password) return;
    var visible = password.type === 'password';
    password.type = visible ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(visible));
  });

  hold.addEventListener('submit', function (event) {
    event.preventDefault();
    var identity = field('username');
    var password = field('current-password');
    if (!identity.value.trim()) return identity.focus();
    if (!password.value) return password.focus();
    // The app signs in as soon as it has taken the form over.
    hold.setAttribute('data-submitted', '');
    var button = shown.querySelector('button[type="submit"]');
    if (button) button.setAttribute('aria-busy', 'true');
  });
})();
