"use strict";
/*
 * Thirteen's page script (web/index.tmpl loads it at the end of the body, before
 * pythons.js runs; scripts/build_web.py copies it into the site as loader.<hash>.js):
 * the canvas's shape, then the loading screen and everything around it.
 */

/*
 * The canvas's shape. The game picks its logical size from the box it may fill
 * (short side 720, long side from the box's aspect ratio) and calls set_mode again
 * when that box changes shape (a phone turned); page.css shows the canvas at
 * the aspect ratio --lw/--lh says, so these must follow each set_mode.
 */
(function () {
  const root = document.documentElement;
  const box = document.getElementById("fit-box");
  const canvas = document.getElementById("canvas");

  /** The CSS-pixel size of the box the canvas may fill; the game polls it. */
  window.thirteen_viewport = () => {
    const rect = box.getBoundingClientRect();
    return [rect.width, rect.height];
  };

  // The game sets --lw/--lh after each set_mode; SDL sets the canvas's width and
  // height attributes then too. Copying those as well means the picture is never
  // stretched, whoever resized the canvas.
  const follow = () => {
    if (canvas.width > 0 && canvas.height > 0) {
      root.style.setProperty("--lw", String(canvas.width));
      root.style.setProperty("--lh", String(canvas.height));
    }
  };
  new MutationObserver(follow).observe(canvas, { attributes: true, attributeFilter: ["width", "height"] });
})();

/*
 * Loading screen, failure message, offline support and update notice.
 * The runtime reports through window.Module (emscripten's setStatus and
 * onAbort), the template's Python part through thirteenLoader.step/ready/fail.
 */
(function () {
  const RUNTIME_BASE = config.cdn;
  /** What scripts/build_web.py wrote into index.html's JSON script `id`, or {}. */
  const built = (id) => {
    try {
      return JSON.parse(document.getElementById(id).textContent) || {};
    } catch (error) {
      return {};
    }
  };
  // The page's own words, by id, in English ("en") and in each language the game's
  // catalogues translate them into (web/page_words.py names them). They show before
  // Python and the game have arrived (those are what is loading), so the build gives
  // the page its share. {title} is the game's name, {mb} a size, {got} and {total}
  // megabytes.
  const WORDS = built("page-words");
  if (!WORDS.en) WORDS.en = {};
  /** The language of the page the player opened (de.html is German, whatever the
   * browser says), else the first of the browser's languages the page speaks, else
   * English. */
  const language = (() => {
    let wanted = [];
    try { wanted = Array.from(navigator.languages || [navigator.language || ""]); } catch (e) { /* none */ }
    const own = document.documentElement.dataset.pageLanguage;
    if (own) wanted.unshift(own);
    for (const tag of wanted) {
      const code = String(tag).toLowerCase().split("-")[0];
      if (WORDS[code]) return code;
    }
    return "en";
  })();
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  /** The page's text `key` in its language, with {name}s filled in. */
  const words = (key, values = {}) => {
    const text = WORDS[language][key] || WORDS.en[key] || key;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  };
  window.thirteenPageWords = { language, words };
  document.documentElement.lang = language;
  {
    const title = document.querySelector("#transfer h1").textContent;
    for (const element of document.querySelectorAll("[data-words]")) {
      const key = element.dataset.words;
      if (element.hasAttribute("data-words-html")) {
        const mb = '<span id="first-visit-mb">' + escape(document.getElementById("first-visit-mb").textContent) + "</span>&nbsp;MB";
        element.innerHTML = escape(words(key, { title })).replace("{mb}", mb);
      } else {
        element.textContent = words(key, { title });
      }
      if (element.hasAttribute("data-words-label")) element.setAttribute("aria-label", words(element.dataset.wordsLabel));
    }
    for (const element of document.querySelectorAll("[data-words-label]:not([data-words])")) {
      element.setAttribute("aria-label", words(element.dataset.wordsLabel));
    }
  }
  const STEPS = {
    runtime: words("runtimeStep"),
    python: words("python"),
    game: words("game"),
    start: words("start"),
    gesture: words("gesture"),
  };
  const SLOW_AFTER_MS = 45000;
  // The files a first visit downloads and their sizes in bytes as the browser hands
  // them over (after any compression is undone), from web/build.toml and the build.
  const DOWNLOADS = built("page-downloads");
  // The bar shows the bytes received of all of them, from BAR_FROM to BAR_TO percent;
  // 100 once the game runs. Nothing moves it but bytes: it neither runs ahead of
  // the data nor stands still while data arrives.
  const BAR_FROM = 2;
  const BAR_TO = 96;

  // What each runtime file the build pins must be, by address: { bytes, sha384, gitBlob },
  // each there only when known (web/build.toml [downloads]). The browser checks a file
  // itself (Subresource Integrity) where the runtime's way of fetching it allows; the
  // service worker checks every one it stores; and a pinned file that fails to load is
  // fetched once more to tell a changed file from a lost connection.
  const PINS = built("page-pins");
  // The status text of web/sw.js's answer for a pinned file that stayed wrong.
  const REFUSED = "Not the pinned runtime file";
  const plainFetch = window.fetch.bind(window);
  /** The address of a pinned runtime file (without query), or null. */
  const pinned = (url) => {
    try {
      const href = new URL(url, location.href).href.split(/[?#]/)[0];
      return PINS[href] ? href : null;
    } catch (error) {
      return null;
    }
  };
  /** The integrity attribute for a pinned address, or "" when its SHA-384 is not known. */
  const integrity = (href) => (href && PINS[href] && PINS[href].sha384 ? `sha384-${PINS[href].sha384}` : "");
  const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const base64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

  /** Whether a file's bytes are the ones its pin describes (as web/sw.js checks them). */
  async function matches(bytes, pin) {
    if (pin.bytes !== undefined && bytes.byteLength !== pin.bytes) return false;
    if (pin.sha384 && base64(await crypto.subtle.digest("SHA-384", bytes)) !== pin.sha384) return false;
    if (pin.gitBlob) {
      const head = new TextEncoder().encode(`blob ${bytes.byteLength}\0`);
      const blob = new Uint8Array(head.byteLength + bytes.byteLength);
      blob.set(head);
      blob.set(new Uint8Array(bytes), head.byteLength);
      if (hex(await crypto.subtle.digest("SHA-1", blob)) !== pin.gitBlob) return false;
    }
    return true;
  }

  /** A pinned file as fetch() answered it, checked before the runtime sees it (what
   * Subresource Integrity does, which would also turn an HTTP error into a bare network
   * error, and knows no git blob ids): a changed file is fetched once more past the HTTP
   * cache; if it stays wrong the player is told, and the runtime gets an error answer. */
  async function checked(href, response) {
    if (!response.ok || response.type === "opaque" || !(window.crypto && crypto.subtle)) return response;
    if (await matches(await response.clone().arrayBuffer(), PINS[href])) return response;
    const again = await plainFetch(href, { mode: "cors", credentials: "omit", cache: "reload" }).catch(() => null);
    if (again && again.ok && (await matches(await again.clone().arrayBuffer(), PINS[href]))) return again;
    loader.refused(href);
    return new Response(`${href}: ${REFUSED}`, { status: 502, statusText: REFUSED });
  }

  const diagnosed = new Set();
  /** A pinned file did not load: fetch it once more past the HTTP cache; if it is still
   * not the pinned file (or the service worker refused it), tell the player so. */
  function diagnose(url) {
    const href = pinned(url);
    if (!href || diagnosed.has(href) || loader.wrongFile || !(window.crypto && crypto.subtle)) return;
    diagnosed.add(href);
    plainFetch(href, { mode: "cors", credentials: "omit", cache: "reload" })
      .then(async (response) => {
        if (response.statusText === REFUSED) return true;
        return response.ok && !(await matches(await response.arrayBuffer(), PINS[href]));
      })
      .then((wrong) => wrong && loader.refused(href), () => { /* offline: a plain failure */ });
  }

  const $ = (id) => document.getElementById(id);
  const screen = $("transfer");
  const bar = $("loader-progress");
  const status = $("loader-status");

  let step = "runtime";
  let slowTimer = null;
  let hideTimer = null;

  // ---- bytes received against bytes expected, per file ----------------
  const files = new Map(); // href -> { expected, received, done }
  for (const [url, bytes] of Object.entries(DOWNLOADS)) {
    files.set(new URL(url, location.href).href, { expected: bytes, received: 0, done: false });
  }
  const tracked = (url) => {
    try {
      const href = new URL(url, location.href).href.split(/[?#]/)[0];
      return files.has(href) ? href : null;
    } catch (error) {
      return null;
    }
  };
  const totals = () => {
    let expected = 0;
    let received = 0;
    for (const file of files.values()) {
      expected += file.expected;
      received += Math.min(file.received, file.expected);
    }
    return { expected, received };
  };
  // Megabytes as the page's language writes them (the browser's CLDR data: "0,9" in
  // German and French).
  const megabytes = (bytes) => (bytes / 1e6).toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  /** `bytes` of `href` have arrived; `done`: all of it (0 when the browser does not say
   * how many: then it is the expected size). A file larger than expected counts as its
   * real size from then on. */
  function received(href, bytes, done) {
    const file = files.get(href);
    if (!file || file.done) return;
    if (done) {
      file.done = true;
      if (bytes > 0) file.expected = bytes;
      file.received = file.expected;
    } else {
      file.received = bytes;
      if (bytes > file.expected) file.expected = bytes;
    }
    showBytes();
    touch();
  }

  function showBytes() {
    if (loader.state !== "loading") return;
    const { expected, received: got } = totals();
    if (expected > 0) setPercent(BAR_FROM + ((BAR_TO - BAR_FROM) * got) / expected);
    status.textContent = STEPS[step];
    if (got < expected) {
      const figures = document.createElement("span");
      figures.className = "bytes";
      figures.textContent = words("bytes", { got: megabytes(got), total: megabytes(expected) });
      status.append(" ", figures);
    }
  }

  /** Count a fetch()'s body as it arrives, on a copy: the caller reads its own. */
  function countBody(href, response) {
    if (!response.ok || !response.body) return;
    const reader = response.clone().body.getReader();
    let bytes = 0;
    const pump = () => reader.read().then(({ done, value }) => {
      if (done) return received(href, bytes, true);
      bytes += value.byteLength;
      received(href, bytes, false);
      return pump();
    });
    pump().catch(() => {});
  }

  // A script or anything else fetched without progress events: done when listed.
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const href = tracked(entry.name);
          if (href) received(href, entry.decodedBodySize || 0, true);
        }
      }).observe({ type: "resource", buffered: true });
    } catch (error) { /* older browsers: the other counts still work */ }
  }

  const loader = {
    state: "loading",
    detail: "",
    history: [],
    offline: false,

    /** Enter a named step of the boot sequence (it names what happens; bytes move the bar). */
    step(name) {
      if (loader.state !== "loading" || !STEPS[name]) return;
      step = name;
      loader.history.push(name);
      showBytes();
      touch();
    },

    /** The game runs: hide the loading screen. */
    ready() {
      if (loader.state !== "loading") return;
      loader.state = "ready";
      clearTimeout(slowTimer);
      setPercent(100);
      status.textContent = words("ready");
      screen.classList.add("done");
      hideTimer = setTimeout(() => { screen.hidden = true; }, 450);
      const canvas = $("canvas");
      try { canvas.focus({ preventScroll: true }); } catch (e) { /* older browsers */ }
      cacheRuntimeForOffline();
    },

    /** The runtime or the game could not be loaded: say so, offer a retry. */
    fail(detail) {
      if (loader.state !== "loading") return; // never cover a running game
      showFailure(detail);
      $("first-visit-mb").textContent = (Math.round(totals().expected / 1e6) || 11).toLocaleString(language);
      console.warn("Thirteen could not start:", loader.detail);
    },

    /** A runtime file stayed other than the pinned one when fetched again: say so, in
     * place of any other failure, and over the game if it already runs on it. */
    refused(href) {
      if (loader.wrongFile) return;
      loader.wrongFile = String(href);
      showFailure(words("detailRefused", { file: href }));
      const title = document.querySelector("#transfer h1").textContent;
      document.querySelector('#failure [data-words="runtime"]').textContent = words("wrongFile", { title });
      document.querySelector('#failure [data-words="check"]').textContent = words("wrongFileLater", { title });
      console.warn("Thirteen refused a runtime file:", href);
    },
  };

  function showFailure(detail) {
    loader.state = "failed";
    loader.detail = String(detail || "unknown error");
    clearTimeout(slowTimer);
    clearTimeout(hideTimer);
    screen.hidden = false;
    screen.classList.remove("done");
    $("loading").hidden = true;
    $("failure").hidden = false;
    $("failure-detail").textContent = loader.detail;
  }
  Object.defineProperty(loader, "currentStep", { get: () => step });
  Object.defineProperty(loader, "bytes", { get: totals });
  window.thirteenLoader = loader;

  function setPercent(value) {
    bar.value = Math.max(bar.value, Math.min(100, value));
  }

  function touch() {
    clearTimeout(slowTimer);
    $("loader-slow").hidden = true;
    slowTimer = setTimeout(() => {
      if (loader.state === "loading") $("loader-slow").hidden = false;
    }, SLOW_AFTER_MS);
  }

  for (const button of document.querySelectorAll(".retry")) {
    button.addEventListener("click", () => location.reload());
  }

  // ---- the canvas keeps the keyboard, and Tab leaves it ----------------
  // Once the game runs, the keys it uses (the arrows move its focus ring, Space and
  // Enter select, F1 is its help...) must not move the browser's focus off the canvas
  // or scroll anything: their default actions are cancelled, and the game (SDL
  // listens on the window) still gets every one. Tab and Shift+Tab are the page's:
  // they move the browser's focus from the canvas to the game's controls and the
  // page's other parts and back, as on any page, so that the keyboard is never
  // trapped; the game does not see them (the arrows move its focus ring as Tab did).
  // F6 is toolbar.js's (to the controls). The page's own buttons keep their keys, and
  // a click anywhere gives the canvas its focus back (in an iframe too, where it is
  // otherwise lost for good).
  const GAME_KEYS = new Set([
    "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", " ", "Spacebar", "Enter",
    "Backspace", "Escape", "Home", "End", "PageUp", "PageDown", "F1", "/", "'",
  ]);
  const PAGE_KEYS = new Set(["Tab", "F6"]);
  const ownControl = (target) => Boolean(target && target.closest && target.closest("button, a, input"));
  for (const type of ["keydown", "keyup"]) {
    window.addEventListener(type, (event) => {
      // before SDL's listeners on the window: Tab moves the browser's focus alone,
      // wherever it is pressed
      if (loader.state === "ready" && event.key === "Tab") {
        event.stopImmediatePropagation();
      }
    }, true);
  }
  window.addEventListener("keydown", (event) => {
    if (loader.state !== "ready" || ownControl(event.target) || PAGE_KEYS.has(event.key)) return;
    if (event.ctrlKey && event.key !== "z" && event.key !== "Z") return; // the browser's own
    if (event.altKey || event.metaKey) return;
    if (GAME_KEYS.has(event.key)) event.preventDefault();
    focusCanvas();
  }, true);
  function focusCanvas() {
    const canvas = $("canvas");
    if (loader.state !== "ready" || document.activeElement === canvas) return;
    try { canvas.focus({ preventScroll: true }); } catch (e) { /* older browsers */ }
  }
  // after the click's own focus change (to the page's body)
  window.addEventListener("pointerdown", (event) => {
    if (!ownControl(event.target)) setTimeout(focusCanvas, 0);
  }, true);
  // focus that falls to the page's body (not to a button, not away from the window)
  $("canvas").addEventListener("blur", (event) => {
    if (event.relatedTarget) return;
    setTimeout(() => {
      const lost = document.activeElement === document.body || !document.activeElement;
      if (lost && document.hasFocus()) focusCanvas();
    }, 0);
  });

  // ---- failures of the runtime ----------------------------------------

  // Room to list every download of the runtime (the default is 250 entries).
  if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(1000);

  if (typeof WebAssembly !== "object") {
    loader.fail(words("detailNoWasm"));
  }
  for (const src of window.thirteenBootErrors || []) {
    loader.fail(words("detailDownload", { file: src }));
    diagnose(src);
  }

  // Subresource Integrity where the runtime allows it: the build sets it on the tag of
  // pythons.js, and the interpreter's script, which pythons.js adds to the head, gets it
  // here. What the runtime fetches with fetch() the page checks itself (window.fetch
  // below); main.data comes by XMLHttpRequest, which neither can hold back: the service
  // worker checks it (and every other pinned file) before storing it.
  const head = document.head;
  const appendChild = head.appendChild;
  head.appendChild = function (node) {
    if (node && node.tagName === "SCRIPT" && node.src && !node.integrity && integrity(pinned(node.src))) {
      node.integrity = integrity(pinned(node.src));
      node.crossOrigin = "anonymous";
    }
    return appendChild.call(this, node);
  };

  // A <script> or <link> that failed to load (the runtime adds main.js).
  window.addEventListener("error", (event) => {
    const target = event.target;
    if (!target || target === window) return;
    const url = target.src || target.href || "";
    if ((target.tagName === "SCRIPT" || target.tagName === "LINK") && url.startsWith(RUNTIME_BASE)) {
      loader.fail(words("detailDownload", { file: url }));
      diagnose(url);
    }
  }, true);

  // The files without which Python cannot start. The runtime's own error
  // reports about them come from a cross-origin script, which browsers mute
  // ("Script error."), so the downloads themselves are watched.
  const CRITICAL = /(pythons\.js|cpython\d+\/main\.(js|wasm|data)|cpythonrc\.py)$/;
  const critical = (url) => {
    try {
      const href = new URL(url, location.href).href.split(/[?#]/)[0];
      return href.startsWith(RUNTIME_BASE) && CRITICAL.test(href) ? href : null;
    } catch (error) {
      return null;
    }
  };
  const downloadFailed = (href, why) => {
    if (loader.state === "loading") loader.fail(`${words("detailDownload", { file: href })} (${why})`);
  };

  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    const counted = tracked(url);
    if (counted) {
      this.addEventListener("progress", (event) => received(counted, event.loaded, false));
      this.addEventListener("load", (event) => {
        if (this.status < 400) received(counted, event.loaded, true);
      });
    }
    const href = critical(url);
    if (href) {
      this.addEventListener("error", () => downloadFailed(href, words("networkError")));
      this.addEventListener("load", () => {
        if (this.status >= 400) downloadFailed(href, "HTTP " + this.status);
      });
    }
    if (pinned(url)) {
      this.addEventListener("error", () => diagnose(url));
      this.addEventListener("load", () => this.status >= 400 && diagnose(url));
    }
    return open.call(this, method, url, ...rest);
  };

  const originalFetch = window.fetch;
  window.fetch = function (resource, options) {
    const url = resource instanceof Request ? resource.url : resource;
    const href = critical(url);
    const arriving = originalFetch.apply(this, arguments);
    const counted = tracked(url);
    if (counted) arriving.then((response) => countBody(counted, response), () => {});
    const pin = pinned(url);
    const pending = pin ? arriving.then((response) => checked(pin, response)) : arriving;
    if (pin) pending.then((response) => response.status >= 400 && diagnose(url), () => diagnose(url));
    if (href) {
      pending.then(
        (response) => response.status >= 400 && downloadFailed(href, "HTTP " + response.status),
        () => downloadFailed(href, words("networkError")),
      );
    }
    return pending;
  };

  // Same-origin runtimes are not muted: emscripten throws this for main.data.
  window.addEventListener("error", (event) => {
    const message = String((event.error && event.error.message) || event.message || "");
    if (loader.state === "loading" && /NetworkError/.test(message)) loader.fail(message);
  });

  // pythons.js sets window.Module and then calls custom_onload, before it
  // loads the interpreter: hook emscripten's progress and abort reports.
  window.custom_onload = function () {
    const Module = window.Module;
    if (!Module) return;
    // (its "Downloading data... (x/y)" is main.data alone: the bar counts every file)
    Module.setStatus = function (text) {
      if (/^Running/.test(text || "")) loader.step("python");
    };
    Module.onAbort = function (what) {
      loader.fail(words("detailStopped", { what }));
    };
  };

  loader.step("runtime");

  // ---- offline play and updates ----------------------------------------

  let serviceWorkers = null;
  try {
    // Reading the property can throw where storage is refused (itch.io iframes).
    serviceWorkers = window.isSecureContext ? navigator.serviceWorker || null : null;
  } catch (error) {
    serviceWorkers = null;
  }

  let updateAccepted = false;

  function offerUpdate(worker) {
    // Only an update: the first install has no previous version to replace.
    if (!worker || !serviceWorkers.controller) return;
    const banner = $("update");
    banner.hidden = false;
    $("update-reload").onclick = () => {
      updateAccepted = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    };
    $("update-dismiss").onclick = () => { banner.hidden = true; };
  }

  function watchForUpdates(registration) {
    if (registration.waiting) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed") offerUpdate(worker);
      });
    });
    serviceWorkers.addEventListener("controllerchange", () => {
      if (updateAccepted) location.reload();
    });
    // Long sessions: look for a new build now and then.
    setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
  }

  function cacheRuntimeForOffline() {
    // The first visit fetched the runtime before the worker was active; hand
    // it the addresses so that it stores them (mostly from the HTTP cache):
    // what the page fetched, and the files Python cannot start without.
    if (!serviceWorkers) return;
    const digits = String(config.PYBUILD).replace(".", "");
    const known = ["pythons.js", "cpythonrc.py", "main.js", "main.wasm", "main.data"].map(
      (name) => RUNTIME_BASE + (name.startsWith("main.") ? `cpython${digits}/${name}` : name),
    );
    // A moment's wait: a download is listed only once its last byte is in.
    new Promise((resolve) => setTimeout(resolve, 1000)).then(() => {
      const fetched = performance.getEntriesByType("resource").map((entry) => entry.name);
      return Promise.all([serviceWorkers.ready, [...known, ...fetched]]);
    }).then(([registration, urls]) => new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      registration.active.postMessage({ type: "CACHE_RUNTIME", urls }, [channel.port2]);
    })).then((result) => {
      // a pinned file that stayed wrong is not stored: no offline play, and the player told
      const wrong = (result && result.wrong) || [];
      loader.offline = wrong.length === 0;
      if (wrong.length) loader.refused(wrong[0]);
      else console.info("Thirteen is ready to play offline:", result);
    }).catch((error) => console.info("Offline play not prepared:", error && error.message));
  }

  if (serviceWorkers) {
    serviceWorkers.register("sw.js").then(watchForUpdates).catch((error) => {
      console.info("Offline play is not available here:", error && error.message);
    });
  }
})();
