"use strict";
/*
 * Save records and Load records in the browser (web/index.tmpl's page controls load it;
 * the game's PageCarrier, in game/thirteen/records/carry.py, calls it). save(name, text)
 * downloads the text as a file; pick(most) opens the page's file picker; take() hands the
 * file chosen over once, as JSON: {name, text}, or {name, size} for a file larger than
 * `most` bytes (not read), {cancelled: true} when the picker closed with none chosen,
 * {name, error} when it could not be read. The game asks take() each frame while it
 * waits, so nothing here blocks a frame.
 */
(function () {
  const input = document.getElementById("records-file");
  let answer = null;
  let most = 0;
  const answer_with = (value) => { answer = JSON.stringify(value); };
  if (input) {
    input.addEventListener("change", () => {
      const file = input.files && input.files[0];
      input.value = ""; // the same file may be chosen again
      if (!file) return answer_with({ name: "", cancelled: true });
      if (file.size > most) return answer_with({ name: file.name, size: file.size });
      file.text().then(
        (text) => answer_with({ name: file.name, text }),
        (error) => answer_with({ name: file.name, error: String(error) }),
      );
    });
    input.addEventListener("cancel", () => answer_with({ name: "", cancelled: true }));
  }
  window.thirteenRecords = {
    /** Download `text` as the file `name`. */
    save(name, text) {
      const url = URL.createObjectURL(new Blob([String(text)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = String(name);
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    },
    /** Open the file picker; the file chosen is read if it has `limit` bytes at most. */
    pick(limit) {
      if (!input) throw new Error("this page has no file picker");
      most = Number(limit) || 0;
      answer = null;
      input.click();
    },
    /** The file chosen since pick(), as JSON, once; null until there is one. */
    take() {
      const out = answer;
      answer = null;
      return out;
    },
  };
})();
