/*
 * The sign-in page before, and mostly without, the app. build/prerender-sign-in.ts puts the
 * form's markup in index.html, in both languages. When nobody is signed in, this shows the form
 * in the visitor's language at once; the person can type, switch language and sign in.
 *
 * A guest's page does not load the app's code: the server puts it in inert templates
 * (apps/server/src/plugins/web.ts). This script signs in by itself, as the app's sign-in does
 * (employees, then users; src/features/auth/api/sign-in.ts), keeps the session where the app
 * reads it, then starts the app from `app-code`. The app's files, with those of `app-ahead` (the
 * layout, the next screen, the texts), are fetched ahead once the page has loaded; those of the
 * app's own sign-in screen (`app-sign-in`) only where the app is to show it. On a slow line the
 * sign-in page shows, and works, with about 20 KB instead of about 185.
 *
 * At any address but the pages open to everyone, the address becomes `/auth/login`, with
 * `?redirect=` naming where the person was going (the app's guard does the same).
 *
 * Where that cannot be done (no session storage, or a page served without the templates), the
 * app loads at once and takes the form over with what was typed (src/lib/static-sign-in.ts).
 * A plain script: it runs before the app's modules, with the page's Content-Security-Policy (no
 * inline script).
 */
(function () {
  var SESSION_KEY = 'authenticated-user-data';
  var html = document.documentElement;
  var hold = document.getElementById('sign-in-static');
  var appCode = document.getElementById('app-code');
  var appAhead = document.getElementById('app-ahead');
  var appSignIn = document.getElementById('app-sign-in');

  function read(storage, key) {
    try {
      return window[storage].getItem(key);
    } catch {
      return null;
    }
  }

  /**
   * Copies the links of an inert template into the page: the browser fetches them. Ahead of
   * need (`ahead`) they become plain prefetches at low priority. Prefetched, a file only lands
   * in the browser's cache: a module preload also compiled it, which took the sign-in page's
   * main thread for up to 0.7 s at a time on Lighthouse's slow phone while the person typed. And
   * on a slow line some seventy files queue for the browser's six connections: the person's
   * sign-in request must not wait behind them (it did, for 3 s on 3G).
   * Once needed, the same links go in as built (module preloads): those still queued are then
   * asked for at once and at the app's priority, instead of one by one as each import is found.
   */
  function addLinks(template, ahead) {
    var mark = ahead ? 'data-prefetched' : 'data-added';
    if (!template || template.hasAttribute(mark) || template.hasAttribute('data-added')) return;
    template.setAttribute(mark, '');
    var links = template.content.querySelectorAll('link');
    for (var i = 0; i < links.length; i++) {
      var link = document.importNode(links[i], true);
      if (ahead) {
        link.rel = 'prefetch';
        link.setAttribute('fetchpriority', 'low');
      }
      document.head.appendChild(link);
    }
  }

  /** The texts of every area in the page's language, among the files fetched ahead. */
  function textsTemplate() {
    var texts = 'template[data-language="' + html.lang + '"]';
    return appAhead && appAhead.content.querySelector(texts);
  }

  var appStarted = false;
  /**
   * Starts the app: its entry script, with the links to the files it imports, and to those of its
   * own sign-in screen where it is to show one (`withSignIn`).
   */
  function startApp(withSignIn, onFailure) {
    if (appStarted || !appCode) return;
    appStarted = true;
    addLinks(appCode);
    if (withSignIn) addLinks(appSignIn);
    var entry = appCode.content.querySelector('script[type="module"]');
    if (!entry) return;
    var script = document.createElement('script');
    script.type = 'module';
    if (entry.hasAttribute('crossorigin')) script.crossOrigin = 'anonymous';
    script.src = entry.getAttribute('src');
    script.onerror = function () {
      appStarted = false;
      script.remove();
      if (onFailure) onFailure();
    };
    document.head.appendChild(script);
  }

  /** The app's files, its entry too, downloaded but not run, with the layout's and the texts. */
  var fetchingAhead = false;
  function fetchAhead() {
    if (fetchingAhead || !appCode) return;
    fetchingAhead = true;
    var entry = appCode.content.querySelector('script[type="module"]');
    if (entry && !appStarted) {
      var link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = 'anonymous';
      link.setAttribute('fetchpriority', 'low');
      link.href = entry.getAttribute('src');
      document.head.appendChild(link);
    }
    addLinks(appCode, true);
    addLinks(appAhead, true);
    // The layout loads them as it starts.
    addLinks(textsTemplate(), true);
  }

  if (!hold) {
    startApp(true);
    return;
  }

  // As the app's guard reads addresses (src/app/guard.ts): lower case, no trailing slash.
  var path = location.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  var LOGIN = '/auth/login';
  var RESET = '/auth/confirm-password-reset';
  // The other pages a signed-out visitor may open; the app shows them.
  var otherAuthPage =
    path === '/auth/forgot-password' ||
    path === '/auth/register' ||
    path === RESET ||
    path.indexOf(RESET + '/') === 0;
  // A session in this tab, or in another tab of this browser session (the "a tab is signed in"
  // cookie, src/lib/session-share.ts): the app shows the signed-in screens.
  var signedIn =
    read('sessionStorage', SESSION_KEY) ||
    /(?:^|;\s*)back-office-session-open=1(?:;|$)/.test(document.cookie);
  if (signedIn || otherAuthPage) {
    hold.parentNode.removeChild(hold);
    startApp(otherAuthPage);
    if (signedIn) {
      addLinks(appAhead);
      addLinks(textsTemplate());
    }
    return;
  }

  // Any other address asks to sign in first: the address becomes the sign-in page's, keeping
  // where the person was going (`?redirect=`, read by the app's guard once signed in). It is
  // rewritten in place, without a round trip, so the form still comes with the first answer.
  if (location.pathname !== LOGIN) {
    var here = location.pathname + location.search + location.hash;
    var login = LOGIN;
    if (path === LOGIN) login += location.search + location.hash;
    else if (path !== '/' && path !== '/auth')
      login += '?redirect=' + encodeURIComponent(here).replace(/%2F/g, '/');
    try {
      history.replaceState(history.state, '', login);
    } catch {
      // The address stays; the app's guard sends the person on once signed in.
    }
  }

  // The session this script would sign in with must reach the app, which reads it from
  // sessionStorage; without storage, or without the app's templates, the app signs in.
  var canSignInHere = !!appCode;
  try {
    sessionStorage.setItem(SESSION_KEY + '-probe', '1');
    sessionStorage.removeItem(SESSION_KEY + '-probe');
  } catch {
    canSignInHere = false;
  }
  if (!canSignInHere) startApp(true);

  var shown = null;
  var busy = false;

  function field(name) {
    return shown && shown.querySelector('input[autocomplete="' + name + '"]');
  }

  /** A copy of one of the prerendered messages of the shown language (src/prerender/sign-in.tsx). */
  function message(name) {
    var messages = shown && shown.querySelector('template[data-sign-in-messages]');
    var found = messages && messages.content.querySelector('[data-message="' + name + '"]');
    if (!found) return null;
    var copy = document.importNode(found, true);
    copy.removeAttribute('data-message');
    return copy;
  }

  function submitButton() {
    return shown && shown.querySelector('form button[type="submit"]');
  }

  /** The button shows the loader while signing in, as the app's does. */
  function showBusy(on) {
    busy = on;
    var button = submitButton();
    if (!button) return;
    var loader = button.querySelector('.mantine-Button-loader');
    if (on) {
      button.setAttribute('aria-busy', 'true');
      button.setAttribute('aria-disabled', 'true');
      button.setAttribute('data-loading', 'true');
      button.setAttribute('data-disabled', 'true');
      var sample = message('busy');
      var sampleLoader = sample && sample.querySelector('.mantine-Button-loader');
      if (sampleLoader && !loader) button.insertBefore(sampleLoader, button.firstChild);
    } else {
      button.removeAttribute('aria-busy');
      button.removeAttribute('aria-disabled');
      button.removeAttribute('data-loading');
      button.removeAttribute('data-disabled');
      if (loader) loader.remove();
    }
  }

  function clearAlert() {
    var alert = shown && shown.querySelector('form [data-sign-in-alert]');
    if (alert) alert.remove();
  }

  /** "Failed To Login" or "Inactive User" above the fields, announced (role="alert"). */
  function showAlert(reason) {
    clearAlert();
    var alert = message(reason);
    var stack = shown && shown.querySelector('form > div');
    if (!alert || !stack) return;
    alert.setAttribute('data-sign-in-alert', '');
    stack.insertBefore(alert, stack.firstChild);
  }

  function clearFieldError(input) {
    var error = document.getElementById(input.id + '-error');
    if (error) error.remove();
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    // Mantine colours a field in error through its wrapper's attribute.
    var wrapper = input.closest('.mantine-Input-wrapper');
    if (wrapper) wrapper.removeAttribute('data-error');
  }

  /** The field's message under it, as the app's form shows an empty required field. */
  function showFieldError(input, name) {
    clearFieldError(input);
    var error = message(name);
    var root = input.closest('.mantine-InputWrapper-root');
    if (!error || !root) return;
    error.id = input.id + '-error';
    root.appendChild(error);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
    var wrapper = input.closest('.mantine-Input-wrapper');
    if (wrapper) wrapper.setAttribute('data-error', 'true');
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
    if (busy) showBusy(true);
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
  // Once the page has loaded, with the form on screen, the app's files are fetched ahead, for
  // after signing in, while the person reads and types: fetched, not run, since the sign-in page
  // itself never needs them. (Started with the form itself, they made Lighthouse count the
  // form's paint 0.5 to 1 s later, and the app came no sooner on 3G.)
  var fetchWhenIdle = function () {
    if (window.requestIdleCallback) window.requestIdleCallback(fetchAhead, { timeout: 1000 });
    else setTimeout(fetchAhead, 100);
  };
  if (document.readyState === 'complete') fetchWhenIdle();
  else window.addEventListener('load', fetchWhenIdle);

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

  // Typing in a field that said it was empty takes its message away.
  hold.addEventListener('input', function (event) {
    if (event.target.getAttribute('aria-invalid')) clearFieldError(event.target);
  });

  /**
   * Signs in as an employee, or else as a user, in one request (the server's /api/sign-in, as
   * the app does): a user's sign-in makes no failing request first.
   */
  function signIn(identity, password, done) {
    fetch('/api/sign-in?expand=roles', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': html.lang },
      body: JSON.stringify({ identity: identity, password: password }),
    })
      .then(function (response) {
        if (response.ok) {
          return response.json().then(function (auth) {
            if (auth && typeof auth.token === 'string' && auth.record) done(null, auth);
            else done('failed');
          });
        }
        // A correct password, and the account must prove a second factor: the app takes that.
        if (response.status === 401) {
          return response.json().then(
            function (body) {
              if (body && typeof body.mfaId === 'string') done('mfa', body.mfaId);
              else done('failed');
            },
            function () {
              done('failed');
            },
          );
        }
        // A correct password on an inactive account.
        done(response.status === 403 ? 'inactive' : 'failed');
      })
      .catch(function () {
        done('failed');
      });
  }

  hold.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    var identity = field('username');
    var password = field('current-password');
    var identityEmpty = !identity.value.trim();
    var passwordEmpty = !password.value;
    if (identityEmpty) showFieldError(identity, 'username');
    if (passwordEmpty) showFieldError(password, 'current-password');
    if (identityEmpty) return identity.focus();
    if (passwordEmpty) return password.focus();
    clearAlert();
    showBusy(true);
    if (!canSignInHere) {
      // The app signs in as soon as it has taken the form over.
      hold.setAttribute('data-submitted', '');
      return;
    }
    fetchAhead();
    signIn(identity.value.trim(), password.value, function (failure, auth) {
      if (failure === 'mfa') {
        // Handed to the app's form (src/lib/static-sign-in.ts), which shows the second step.
        hold.setAttribute('data-mfa-id', auth);
        startApp(true);
        return;
      }
      if (failure) {
        showBusy(false);
        showAlert(failure);
        return;
      }
      try {
        sessionStorage.setItem(
          SESSION_KEY,
          JSON.stringify({ token: auth.token, record: auth.record }),
        );
      } catch {
        showBusy(false);
        showAlert('failed');
        return;
      }
      // Tells the app the session is fresh (src/lib/static-sign-in.ts): no need to refresh it.
      hold.setAttribute('data-signed-in', '');
      // What the app opens next (its layout, the next screen, the texts) is needed now: on 3G,
      // left to the app, the screen's files came in three waves, a second and a half later.
      addLinks(appAhead);
      addLinks(textsTemplate());
      // The app opens the signed-in screens with the session, and takes this form away once
      // its first screen shows (src/lib/first-screen.ts). If its code cannot be fetched, the
      // person is not left half signed in.
      startApp(false, function () {
        hold.removeAttribute('data-signed-in');
        try {
          sessionStorage.removeItem(SESSION_KEY);
        } catch {
          // Nothing was kept.
        }
        showBusy(false);
        showAlert('failed');
      });
    });
  });
})();
