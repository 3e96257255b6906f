// Importing a record in the lobby: pasted or read from a file, the record's game and settings
// read to offer its seats (each a person at this screen unless chosen otherwise, so that an
// imported game can be continued against the computer), then imported and opened.

import { api, el } from "../ui.js";
import { remember, seatChoices, seatOptions, seatRequests } from "./seats.js";
import { t } from "../i18n.js";

/** The import card's parts: the record, the seats' box, the error line, and the record's game
 * and settings the seats were offered for (the seats' choices stay as they are while the
 * record names the same: a textarea reports "change" again each time it loses focus).
 * @typedef {{ recordText: HTMLTextAreaElement, seatsBox: HTMLDivElement, error: HTMLParagraphElement, key: string | null }} ImportForm */

/** The import card. */
export function importCard() {
  /** @type {ImportForm} */
  const form = {
    recordText: el("textarea", { id: "record", rows: 5, "aria-label": t("Record to import"), onchange: () => refreshSeats(form) }),
    seatsBox: el("div"),
    error: el("p", { class: "error", role: "alert", id: "import-error" }),
    key: null,
  };
  // The browser's own file button speaks the browser's language, not the page's: the input is
  // hidden behind a button and the chosen file's name of our own.
  const fileName = el("span", { class: "help", id: "record-file-name" }, t("No file chosen"));
  const recordFile = el("input", { type: "file", hidden: true, id: "record-file", onchange: async (/** @type {Event} */ e) => {
    const [file] = /** @type {HTMLInputElement} */ (e.target).files ?? [];
    if (!file) return;
    fileName.textContent = file.name;
    form.recordText.value = await file.text();
    refreshSeats(form);
  } });
  const chooseFile = el("p", { class: "controls" },
    el("button", { class: "secondary", id: "record-file-choose", "aria-describedby": "record-file-name", onclick: () => recordFile.click() }, t("Choose a record file")),
    fileName, recordFile);
  return el("section", { class: "card import-card", "aria-labelledby": "import-title" },
    el("h2", { id: "import-title" }, t("Import a record")),
    el("p", { class: "help" }, t("Paste a text or JSON record, or choose a file, to replay or continue it.")),
    chooseFile, form.recordText, form.seatsBox, el("p", {}, el("button", { id: "import", onclick: () => importRecord(form) }, t("Import"))), form.error);
}

/** The seats of the record's game, once the record names one.
 * @param {ImportForm} form */
async function refreshSeats(form) {
  form.error.textContent = "";
  try {
    const { game, settings } = recordGame(form.recordText.value);
    const key = JSON.stringify([game, settings]);
    if (key === form.key && form.seatsBox.querySelector("[data-seat]")) return;
    form.key = key;
    const [names, levels] = await seatOptions(game, settings);
    form.seatsBox.replaceChildren(el("h3", {}, t("Players")), ...seatChoices("import-seat", names, levels, null, []));
  } catch (e) {
    form.key = null;
    form.seatsBox.replaceChildren();
    if (form.recordText.value.trim()) form.error.textContent = e.message;
  }
}

/** Imports the record with the seats chosen and opens the game.
 * @param {ImportForm} form */
async function importRecord(form) {
  form.error.textContent = "";
  try {
    if (!form.seatsBox.querySelector("[data-seat]")) await refreshSeats(form);
    const created = await api("/api/import", {
      method: "POST",
      body: JSON.stringify({ record: form.recordText.value, seats: seatRequests(form.seatsBox) }),
    });
    remember(created);
  } catch (e) {
    form.error.textContent = e.message;
  }
}

/** The game and settings a record (text or JSON) names; the server checks the rest on import.
 * @param {string} record */
function recordGame(record) {
  /** @type {string | null} */
  const game = (record.match(/\[Game "([^"]+)"\]/) || [])[1] || (() => { try { return JSON.parse(record).game; } catch { return null; } })();
  /** @type {Record<string, string>} */
  const settings = {};
  const line = (record.match(/\[Settings "([^"]*)"\]/) || [])[1];
  if (line) for (const pair of line.split(/\s+/).filter(Boolean)) { const [k, v] = pair.split("="); settings[k] = v; }
  else { try { Object.assign(settings, JSON.parse(record).settings || {}); } catch { /* text without settings */ } }
  if (!game) throw new Error(t("The record names no game: it needs a [Game \"...\"] tag."));
  return { game, settings };
}
