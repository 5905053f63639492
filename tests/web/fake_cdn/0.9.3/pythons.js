// Test double of pygbag's pythons.js (see ../README.md): same page contract, no Python.
"use strict";

const site = [...document.getElementsByTagName("script")].find(
  (script) => script.type === "module" && script.src.includes("pythons.js"),
);
const config = window.config;
if (!config) throw new Error("fake pythons.js: the page defines no window.config");

window.fakeRuntime = {
  started: Date.now(),
  python: site ? site.dataset.python : null,
  os: site ? site.dataset.os : null,
  hasPythonBlock: Boolean(site && site.text.includes("async def custom_site")),
};

window.addEventListener("load", () => {
  // Like the real loader: Module is emscripten's configuration object.
  window.Module = {
    setStatus() {},
    locateFile: (path, prefix) => prefix + path,
  };
  if (window.custom_onload) window.custom_onload(true);
  const digits = String(config.PYBUILD).replace(".", "");
  const interpreter = document.createElement("script");
  interpreter.src = `${config.cdn}cpython${digits}/main.js`;
  document.head.appendChild(interpreter);
});
