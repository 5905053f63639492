"use strict";
/*
 * The game for a screen reader (web/index.tmpl's a11y block loads it; scripts/build_web.py
 * copies it into the site as toolbar.<hash>.js). The game writes what each move did, the
 * focused card, refusals, hints and ends into the live region through
 * window.thirteen_a11y.say(), and polls take() each frame for the keys the controls
 * queued: each button sends its key, and any other key typed while a control has focus
 * (arrows, letters, a name being entered) is sent as it is. The game plays them as
 * pressed keys, on every screen. Keys typed on the controls go no further than them (the
 * canvas's own key listener would see them twice); Tab moves between them, and on to
 * the rest of the page (web/loader.js lets Tab leave the canvas too); F6 comes here from
 * the canvas.
 */
(function () {
  const live = document.getElementById("thirteen-live");
  const controls = document.getElementById("thirteen-controls");
  const queue = [];
  const KEPT = 6;
  const send = (key, shift, ctrl) => queue.push({ key, shift: Boolean(shift), ctrl: Boolean(ctrl) });
  window.thirteen_a11y = {
    said: 0,
    /** One announcement: a new line of the live region (the oldest lines go). */
    say(text) {
      const line = document.createElement("p");
      line.textContent = String(text);
      live.append(line);
      while (live.childElementCount > KEPT) live.firstElementChild.remove();
      window.thirteen_a11y.said += 1;
    },
    /** The keys queued since the last call, as JSON. */
    take() {
      const out = JSON.stringify(queue);
      queue.length = 0;
      return out;
    },
    /** The page's words in the player's language: the canvas's name, the keys'
     * description, a control's words (its key stays the same). */
    label(name, text) {
      const element = document.getElementById(name === "canvas" ? "canvas" : "a11y-" + name);
      if (!element) return;
      if (name === "canvas") element.setAttribute("aria-label", String(text));
      else element.textContent = String(text);
    },
    /** The language the game speaks, for the screen reader's voice. */
    language(code) {
      document.documentElement.lang = String(code);
    },
    /** The page's heading (a visually hidden <h1>): the game's name, which the page
     * gives in its language; the game may name the screen it shows instead. */
    heading(text) {
      const heading = document.getElementById("thirteen-heading");
      if (heading && text) heading.textContent = String(text);
    },
  };
  for (const button of controls.querySelectorAll("button[data-key]")) {
    button.addEventListener("click", () => {
      send(button.dataset.key, button.dataset.shift === "1", button.dataset.ctrl === "1");
    });
  }
  controls.addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key === "Tab" || event.key === "Enter" || event.key === " ") return; // the page's own
    if (event.altKey || event.metaKey) return;
    if (event.ctrlKey && !/^[zy]$/i.test(event.key)) return;
    if (event.key.length === 1 || /^(Arrow|Escape|Backspace|F1$|Page|Home|End)/.test(event.key)) {
      event.preventDefault();
      send(event.key, event.shiftKey, event.ctrlKey);
    }
  });
  for (const type of ["keyup", "keypress"]) {
    controls.addEventListener(type, (event) => event.stopPropagation());
  }
  window.addEventListener("keydown", (event) => {
    if (event.key !== "F6" || controls.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    controls.querySelector("button").focus();
  }, true);
})();
