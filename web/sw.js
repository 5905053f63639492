/*
 * Thirteen's service worker: lets the game start with no network after one
 * online visit.
 *
 * - The site's own files (page, its stylesheets and scripts, app archive,
 *   manifest, icons) are precached at install time in a cache named after the
 *   build, and served from it first, so that a page, its scripts and its archive
 *   always come from the same build.
 * - The runtime pygbag loads from its CDN (pythons.js, the CPython wasm build,
 *   the pygame-ce wheel) is cached the first time the page fetches it, and then
 *   served from the cache: a deployed build keeps working even if the files
 *   under the pinned CDN path change or the player is offline.
 * - A runtime file the build pins (its size and SHA-384, or its blob id in the CDN's
 *   repository: web/build.toml [downloads]) is stored and served only when it is
 *   that file. One that is not is refused and fetched again past the HTTP cache
 *   (which may hold the changed copy); if it is still wrong, the page gets an error
 *   response whose status text says so, and tells the player.
 * - A new build installs beside the running one and waits; the page offers a
 *   reload (message SKIP_WAITING), and activation deletes the old caches.
 * - A new build that pins another runtime (a pygbag upgrade) fetches that
 *   runtime's core files while it installs, online, and takes over what the old
 *   runtime cache shares with it: a player who closes the old page and opens
 *   the game offline still gets a runtime.
 */
"use strict";

// Replaced by scripts/build_web.py with this build's values.
const BUILD = { id: "dev", runtimeKey: "dev", precache: ["index.html"], runtime: [], cdn: "", cpython: "", index: "", core: [], pins: {} }; // @build

const PREFIX = "thirteen-";
const APP_CACHE = `${PREFIX}app-${BUILD.id}`;
// Named after the pinned runtime (a hash of its version path, package index and
// Python): a build that pins the same runtime keeps it, one that pins another
// gets a cache of its own, and the old one goes when it takes over.
const RUNTIME_CACHE = `${PREFIX}runtime-${BUILD.runtimeKey}`;

const SCOPE = new URL(self.registration.scope);
const PRECACHED = new Set(BUILD.precache.map((path) => new URL(path, SCOPE).href));
const INDEX = new URL("index.html", SCOPE).href;
// Address (without query) -> what that runtime file must be: { bytes, sha384, gitBlob },
// each there only when known.
const PINS = BUILD.pins || {};
// The status text of the answer for a pinned file that stayed wrong (web/loader.js
// knows it by this text).
const REFUSED = "Not the pinned runtime file";

/** The pin of a runtime address, or null: a file the build knows nothing of. */
function pinOf(url) {
  const { origin, pathname } = new URL(url);
  return PINS[origin + pathname] || null;
}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

/** Whether a file's bytes are the ones its pin describes. */
async function matches(bytes, pin) {
  if (pin.bytes !== undefined && bytes.byteLength !== pin.bytes) return false;
  if (pin.sha384 && base64(await crypto.subtle.digest("SHA-384", bytes)) !== pin.sha384) return false;
  if (pin.gitBlob) {
    // git's blob id: the SHA-1 of "blob <size>\0" and the bytes
    const head = new TextEncoder().encode(`blob ${bytes.byteLength}\0`);
    const blob = new Uint8Array(head.byteLength + bytes.byteLength);
    blob.set(head);
    blob.set(new Uint8Array(bytes), head.byteLength);
    if (hex(await crypto.subtle.digest("SHA-1", blob)) !== pin.gitBlob) return false;
  }
  return true;
}

/** A pinned file from the network: its response (an error status as it came), or
 * null when its bytes are not the pinned ones. */
async function fetchChecked(url, pin, cache) {
  const response = await fetch(url, { mode: "cors", credentials: "omit", cache });
  if (!response.ok) return response;
  return (await matches(await response.clone().arrayBuffer(), pin)) ? response : null;
}

/** A pinned file, refused when changed and then fetched once more past the HTTP cache
 * (which may hold the changed copy): the response, or null when it stays wrong. */
async function fetchPinned(url, pin, cache = "default") {
  const first = await fetchChecked(url, pin, cache);
  if (first) return first;
  console.warn(`${url} is not the pinned file: fetching it again`);
  const second = await fetchChecked(url, pin, "reload");
  if (!second) console.warn(`${url} is still not the pinned file: refused`);
  return second;
}

/** Fetch a runtime file as the worker stores it: checked when pinned (null: it stayed
 * wrong), as it comes otherwise. */
function fetchRuntime(url, cache = "default") {
  const pin = pinOf(url);
  if (pin) return fetchPinned(url, pin, cache);
  return fetch(url, { mode: "cors", credentials: "omit", cache });
}

/** What the page gets for a pinned file that stayed wrong. */
function refusal(url) {
  return new Response(`${url}: ${REFUSED}`, {
    status: 502,
    statusText: REFUSED,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(APP_CACHE).then((cache) =>
        // "reload": skip the HTTP cache, which may still hold the previous build.
        cache.addAll(BUILD.precache.map((path) => new Request(path, { cache: "reload" }))),
      ),
      prepareRuntime(),
    ]),
  );
});

// Whether a stored runtime file is one this build never asks for: another pygbag
// version's folder or wheel index, or another Python's build under this version.
function stale(url) {
  const path = new URL(url).pathname;
  if (!url.startsWith(BUILD.cdn)) {
    if (/\/\d+\.\d+[^/]*\//.test(path)) return true;
    return /\/index-[^/]*\.json$/.test(path) && url !== BUILD.index;
  }
  return /\/cpython\d+\//.test(path) && !path.includes(`/${BUILD.cpython}/`);
}

async function prepareRuntime() {
  // Only when replacing a build whose runtime cache has another name: a first
  // install leaves it to the page, which is fetching the same files right now and
  // hands them over (CACHE_RUNTIME) instead of having them downloaded twice.
  const older = (await caches.keys()).filter(
    (name) => name.startsWith(`${PREFIX}runtime-`) && name !== RUNTIME_CACHE,
  );
  if (!older.length) return;
  const cache = await caches.open(RUNTIME_CACHE);
  try {
    // What the old runtime cache holds that this build uses, first: the same runtime
    // under a new cache name costs no download, and works with the CDN unreachable.
    for (const name of older) {
      const old = await caches.open(name);
      for (const request of await old.keys()) {
        if (!isRuntime(new URL(request.url)) || stale(request.url)) continue;
        if (await cache.match(request.url, { ignoreVary: true })) continue;
        const response = await old.match(request, { ignoreVary: true });
        if (!response) continue;
        // only what this build pins it as (an older build may have stored a changed file)
        const pin = pinOf(request.url);
        if (pin && !(await matches(await response.clone().arrayBuffer(), pin))) continue;
        await cache.put(request.url, response);
      }
    }
    for (const url of BUILD.core) {
      if (await cache.match(url, { ignoreVary: true })) continue;
      const response = await fetchRuntime(url);
      // A failure fails the install: the running build, whose runtime is stored,
      // stays in charge, and the browser tries the new one again later.
      if (!response) throw new Error(`${url}: ${REFUSED}`);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response);
    }
  } catch (error) {
    await caches.delete(RUNTIME_CACHE); // nothing half filled is left behind
    throw error;
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([APP_CACHE, RUNTIME_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (value) => event.ports[0] && event.ports[0].postMessage(value);
  if (data.type === "SKIP_WAITING") {
    self.skipWaiting();
  } else if (data.type === "BUILD_ID") {
    reply({ id: BUILD.id, appCache: APP_CACHE, runtimeCache: RUNTIME_CACHE });
  } else if (data.type === "CACHE_RUNTIME" && Array.isArray(data.urls)) {
    // The page's first visit fetched the runtime before this worker was in
    // charge: store what it fetched from the runtime's addresses.
    event.waitUntil(storeRuntime(data.urls).then(reply));
  }
});

async function storeRuntime(urls) {
  const cache = await caches.open(RUNTIME_CACHE);
  // wrong: the pinned files that stayed wrong (the page tells the player)
  const counts = { stored: 0, already: 0, failed: 0, wrong: [] };
  for (const url of new Set(urls)) {
    if (!isRuntime(new URL(url))) continue;
    if (await cache.match(url, { ignoreVary: true })) {
      counts.already += 1;
      continue;
    }
    try {
      // force-cache: the browser most likely still has it; no second download (but a
      // pinned file the HTTP cache holds changed is fetched again past it).
      const response = await fetchRuntime(url, "force-cache");
      if (!response) {
        counts.wrong.push(url);
        continue;
      }
      if (!response.ok) throw new Error(String(response.status));
      await cache.put(url, response);
      counts.stored += 1;
    } catch {
      counts.failed += 1;
    }
  }
  return counts;
}

function appKey(url) {
  // The page itself, whatever its query string (?game=...&deal=...).
  if (url.origin === SCOPE.origin && (url.href.split("?")[0] === SCOPE.href)) return INDEX;
  const bare = url.origin + url.pathname;
  return PRECACHED.has(bare) ? bare : null;
}

function isRuntime(url) {
  return BUILD.runtime.some((prefix) => url.href.startsWith(prefix));
}

async function fromApp(request, key) {
  const cached = await caches.match(key, { cacheName: APP_CACHE });
  if (cached) return cached;
  return fetch(request);
}

async function fromRuntime(request) {
  const cache = await caches.open(RUNTIME_CACHE);
  const cached = await cache.match(request.url, { ignoreVary: true });
  if (cached) return cached;
  let response;
  try {
    // Ask with CORS (the CDN allows it) so that the status and the bytes can be
    // checked and the stored copy can answer both script tags and fetch() calls.
    response = await fetchRuntime(request.url);
  } catch {
    // offline, or not CORS-enabled: a file the build knows nothing of passes through,
    // stored nowhere; a pinned one is never handed over unchecked
    return pinOf(request.url) ? Response.error() : fetch(request);
  }
  if (!response) return refusal(request.url);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const key = appKey(url);
  if (key) {
    event.respondWith(fromApp(request, key));
  } else if (isRuntime(url)) {
    event.respondWith(fromRuntime(request));
  }
});
