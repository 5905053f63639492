// Test double of the interpreter (see ../../README.md): downloads its data and
// wasm files the way emscripten does, then does the template's Python steps
// in JavaScript.
"use strict";

(async () => {
  const mode = new URLSearchParams(location.search).get("fake") || "";
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const Module = window.Module;
  const loader = window.thirteenLoader;
  const base = document.currentScript.src.replace(/main\.js$/, "");

  if (mode === "hold") {
    // Stays on the loading screen, halfway through the runtime download.
    Module.setStatus("Downloading data... (3500000/7000000)");
    return;
  }

  // emscripten: main.data by XMLHttpRequest with progress; it throws on failure.
  await new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", base + "main.data", true);
    xhr.responseType = "arraybuffer";
    xhr.onprogress = (event) => {
      if (event.total) Module.setStatus(`Downloading data... (${event.loaded}/${event.total})`);
    };
    xhr.onerror = () => { throw new Error("NetworkError for: " + base + "main.data"); };
    xhr.onload = () => {
      if (xhr.status !== 200) throw new Error(xhr.statusText + " : " + xhr.responseURL);
      resolve();
    };
    xhr.send(null);
  });

  // emscripten: main.wasm by fetch(); abort() calls Module.onAbort when it fails.
  try {
    const wasm = await fetch(base + "main.wasm", { credentials: "same-origin" });
    if (!wasm.ok) throw new Error(`failed to load wasm binary file at '${wasm.url}'`);
    await wasm.arrayBuffer();
  } catch (error) {
    Module.onAbort("both async and sync fetching of the wasm failed");
    return;
  }
  if (mode === "abort") {
    Module.onAbort("CompileError: WebAssembly.instantiate(): expected magic word");
    return;
  }
  Module.setStatus("Running...");

  // pythons.js: the startup file of the interpreter.
  await fetch(config.cdn + "cpythonrc.py")
    .then((response) => response.text())
    .catch(() => {});
  await sleep(20);

  // What custom_site() does in Python: unpack the archive, then run main.py.
  loader.step("game");
  const response = await fetch(`${config.archive}.apk`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!response.ok || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    loader.fail(`could not unpack ${config.archive}.apk: status ${response.status}`);
    return;
  }
  window.fakeRuntime.apkBytes = bytes.length;
  loader.step("start");

  // What SDL does on pygame.display.set_mode((1280, 720)), then a first frame.
  const canvas = document.getElementById("canvas");
  canvas.width = Number(config.fb_width);
  canvas.height = Number(config.fb_height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#0e5c3a";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#f4f1e6";
  ctx.font = "48px sans-serif";
  ctx.fillText("fake runtime: game running", 60, 120);
  // What SDL does with the keyboard: it listens on the window and hands each key
  // to the game, whatever the page did with the event's default action.
  window.fakeRuntime.keys = [];
  window.addEventListener("keydown", (event) => {
    window.fakeRuntime.keys.push(event.key);
    ctx.fillStyle = "#0e5c3a";
    ctx.fillRect(0, 160, canvas.width, 80);
    ctx.fillStyle = "#f2c14e";
    ctx.fillText(`key: ${event.key === " " ? "Space" : event.key}`, 60, 220);
  });
  await sleep(20);
  loader.ready();
  window.fakeRuntime.done = true;
})();
