// The lobby's new-game form: first the three big choices (web/lobby/modes.js), for "Play someone
// now" a place for the quick pairing, then the game, its summary and note, and the clock beside
// Start (or beside the seek, for "Play someone now"); then the settings (a game's board module
// may draw one of them, such as Black Path's start edge, and set the lobby's defaults), who sits
// in each seat (and the computer levels not available, with the reason), the player's name,
// hints against the computer, rated, whether the game is an open challenge. Only what applies
// to the choices made is shown: a seek has no seats, hints or open challenge.

import { t } from "../i18n.js";
import { api, el } from "../ui.js";
import { modeChooser } from "./modes.js";
import { levelNotices, remember, seatChoices, seatOptions, seatRequests, seatValues } from "./seats.js";
import { applyConditions, settingControl, settingControls, settingValues } from "./settings.js";
import { clockPicker } from "./time-control.js";

/** @typedef {import("../ui.js").CatalogGame} CatalogGame */

/** The new-game form's parts and what it keeps (see `newGameForm`).
 * @typedef {object} NewGameForm
 * @property {{ games: CatalogGame[] }} catalog
 * @property {HTMLSelectElement} gameSelect
 * @property {HTMLParagraphElement} summary
 * @property {HTMLDivElement} note
 * @property {HTMLDivElement} settingsBox
 * @property {HTMLDivElement} seatsBox
 * @property {HTMLDivElement} levelNotes
 * @property {HTMLParagraphElement} error
 * @property {HTMLInputElement} nameInput
 * @property {ReturnType<typeof clockPicker>} clock
 * @property {HTMLInputElement} publicBox
 * @property {HTMLInputElement} hintsBox hints (the best move on request), off unless asked for
 *   before a game against the computer; shown only when a computer seat is chosen
 * @property {HTMLInputElement} ratedBox rated (between accounts): offered only when signed in
 *   and a seat is invited
 * @property {HTMLLabelElement} hintsLabel
 * @property {HTMLLabelElement} ratedLabel
 * @property {HTMLLabelElement} publicLabel the open challenge, offered when a seat is invited
 * @property {HTMLDivElement} playersBox the seats and the levels' notes
 * @property {HTMLDivElement} nameBox the player's name, which an account's seek does not need
 * @property {boolean} signedIn
 * @property {((mode: string) => void)[]} modeListeners
 * @property {number} refreshing the latest request for seats, so that an older answer is dropped
 * @property {import("../boards/common.js").BoardModule | null} board the board module of the
 *   game chosen (its lobby note, defaults, picker)
 * @property {string | null} seatsFor the game and seat count the seats were last filled for
 * @property {HTMLDivElement} seekBox
 * @property {HTMLDivElement} someoneSlot where the quick pairing goes for "Play someone now"
 * @property {ReturnType<typeof modeChooser>} modes
 * @property {HTMLButtonElement} startButton */

/** The form for the games of `catalog`: `card` to show, `yourName()` the name given (kept for
 * next time), `show()` fills the first game's settings and seats, `chosen()` the game,
 * settings and clock chosen (for a seek), `placeSeek(nodes)` puts the seek's controls where
 * Start is for "Play someone now", `mode()` the choice made, `onMode(listener)` calls
 * `listener` when it changes, `someoneSlot` is the place under the choices for "Play someone
 * now". `account` says who is signed in (null: nobody).
 * @param {{ games: CatalogGame[] }} catalog
 * @param {Promise<{ username: string } | null>} account */
export function newGameForm(catalog, account) {
  const hintsBox = el("input", { type: "checkbox", id: "hints" });
  const ratedBox = el("input", { type: "checkbox", id: "rated" });
  const publicBox = el("input", { type: "checkbox", id: "public" });
  /** @type {NewGameForm} */
  const form = {
    catalog,
    gameSelect: el("select", { id: "game" }, catalog.games.map((g) => el("option", { value: g.name }, g.title))),
    summary: el("p", { class: "help", id: "game-summary" }),
    note: el("div", { id: "lobby-note" }),
    settingsBox: el("div", { class: "settings" }),
    seatsBox: el("div", { class: "seats" }),
    levelNotes: el("div", { id: "level-notes" }),
    error: el("p", { class: "error", role: "alert", id: "lobby-error" }),
    nameInput: el("input", { id: "your-name", value: localStorage.getItem("tafel:name") || "", maxlength: 32, autocomplete: "nickname" }),
    clock: clockPicker(),
    publicBox,
    hintsBox,
    ratedBox,
    hintsLabel: el("label", { class: "check", id: "hints-label", hidden: true }, hintsBox,
      " ", t("Hints: let me ask for the best move during the game")),
    ratedLabel: el("label", { class: "check", id: "rated-label", hidden: true }, ratedBox,
      " ", t("Rated: an online game against another account, with a clock (it changes both ratings)")),
    publicLabel: el("label", { class: "check", id: "public-label", hidden: true }, publicBox,
      " ", t("List it as an open challenge (anyone may take the invited seat)")),
    playersBox: el("div", { class: "players-box", id: "players-box" }),
    nameBox: el("div", { id: "name-box" }),
    signedIn: false,
    modeListeners: [],
    refreshing: 0,
    board: null,
    seatsFor: null,
    seekBox: el("div", { class: "controls", id: "seek-controls", hidden: true }),
    someoneSlot: el("div", { id: "someone-slot" }),
    modes: modeChooser(() => modeChanged(form)),
    startButton: el("button", { id: "start", class: "big", onclick: () => start(form) }, t("Start")),
  };
  form.playersBox.append(el("h2", {}, t("Players")), form.seatsBox, form.levelNotes);
  form.nameBox.append(el("label", { for: "your-name" }, t("Your name (shown to the other players)")), form.nameInput);
  account.then((signedIn) => { form.signedIn = signedIn !== null; refreshApplies(form); });
  form.seatsBox.addEventListener("change", () => refreshApplies(form));
  form.gameSelect.addEventListener("change", () => refreshSettings(form));
  const card = el("section", { class: "card new-game", "aria-labelledby": "new-title" },
    el("h1", { id: "new-title" }, t("New game")),
    form.modes.buttons,
    form.someoneSlot,
    el("div", { class: "game-choice" }, el("label", { for: "game" }, t("Game")), form.gameSelect), form.summary, form.note,
    form.modes.questions,
    el("div", { class: "controls start-row" },
      el("div", { class: "clock-choice" }, el("label", { for: "clock" }, t("Clock")), form.clock.nodes),
      form.startButton, form.seekBox), form.error,
    el("h2", {}, t("Settings")), form.settingsBox,
    form.playersBox,
    form.nameBox,
    form.hintsLabel, form.ratedLabel, form.publicLabel);
  const chosen = () => ({ game: currentGame(form).name, settings: settingValues(form.settingsBox),
    time_control: form.clock.value() });
  const placeSeek = (/** @type {Node[]} */ nodes) => form.seekBox.replaceChildren(...nodes);
  return { card, yourName: () => yourName(form), show: () => refreshSettings(form), chosen, placeSeek,
    mode: () => form.modes.mode(), onMode: (/** @type {(mode: string) => void} */ listener) => { form.modeListeners.push(listener); },
    someoneSlot: form.someoneSlot };
}

/** The name given (kept in localStorage for next time), or null.
 * @param {NewGameForm} form */
function yourName(form) {
  const name = form.nameInput.value.trim();
  localStorage.setItem("tafel:name", name);
  return name || null;
}

/** The game chosen.
 * @param {NewGameForm} form */
const currentGame = (form) => /** @type {CatalogGame} */ (form.catalog.games.find((g) => g.name === form.gameSelect.value)); // the select offers the catalog's

/** Whether a seat is the computer's. @param {NewGameForm} form */
const againstComputer = (form) => seatValues(form.seatsBox).some((value) => value.startsWith("computer:"));

/** Shows only what applies to the choices made: for "Play someone now" no seats, hints, rated
 * game or open challenge (a seek says rated itself, and sides are drawn), and no name for an
 * account (its username is shown); otherwise hints with a computer seat, rated (when signed in)
 * and the open challenge with an invited seat.
 * @param {NewGameForm} form */
function refreshApplies(form) {
  const seeking = form.modes.mode() === "someone";
  const invited = seatValues(form.seatsBox).includes("invite");
  form.playersBox.hidden = seeking;
  form.nameBox.hidden = seeking && form.signedIn;
  form.hintsLabel.hidden = seeking || !againstComputer(form);
  form.ratedLabel.hidden = seeking || !invited || !form.signedIn;
  form.publicLabel.hidden = seeking || !invited;
}

/** The summary, the settings (with the lobby's defaults and picker of the game's board module)
 * and the seats of the game chosen.
 * @param {NewGameForm} form */
async function refreshSettings(form) {
  const game = currentGame(form);
  // The old game's seats and settings go at once, so that nothing is chosen in them meanwhile.
  form.seatsBox.replaceChildren();
  form.settingsBox.replaceChildren();
  /** @type {import("../boards/common.js").BoardModule} */
  const board = await import(`../boards/${game.name}.js`);
  if (currentGame(form) !== game) return;
  form.board = board;
  form.summary.replaceChildren(game.summary, " ", el("a", { href: `/rules/${game.name}`, id: "rules-link" }, t("Rules of {game}", { game: game.title })));
  form.settingsBox.replaceChildren(...settingControls(game, () => settingsChanged(form)));
  for (const [key, value] of Object.entries(board.lobbyDefaults ?? {})) {
    const input = settingControl(form.settingsBox, key);
    if (input) input.value = value;
  }
  settingsChanged(form);
}

/** The settings chosen changed: what depends on them follows.
 * @param {NewGameForm} form */
function settingsChanged(form) {
  applyConditions(form.settingsBox, currentGame(form));
  refreshPicker(form);
  refreshSeats(form);
}

/** The setting the game's board module draws (Black Path's start edge on the board), drawn
 * again for the settings chosen.
 * @param {NewGameForm} form */
function refreshPicker(form) {
  const picker = form.board?.settingPicker;
  const box = picker && form.settingsBox.querySelector(`[data-setting="${picker.key}"]`);
  const input = picker && settingControl(form.settingsBox, picker.key);
  if (!box || !input) return;
  const current = { ...defaults(currentGame(form)), ...settingValues(form.settingsBox) };
  // Drawn again only when the settings changed: a change event of another field (fired when it
  // loses the focus to a click on the picker) must not replace the element being clicked.
  const drawnFor = JSON.stringify(current);
  if (/** @type {HTMLElement | null} */ (box.querySelector(".picker"))?.dataset.drawnFor === drawnFor) return;
  const hadFocus = box.querySelector(".picker")?.contains(document.activeElement);
  const drawn = picker.draw(current, (value) => { input.value = value; settingsChanged(form); });
  box.querySelector(".picker")?.remove();
  if (drawn) {
    drawn.classList.add("picker");
    drawn.dataset.drawnFor = drawnFor;
    input.before(drawn);
    if (hadFocus) /** @type {HTMLElement | SVGElement | null} */ (drawn.querySelector("[tabindex=\"0\"]"))?.focus();
  }
}

/** The defaults of `game`'s settings. @param {CatalogGame} game */
const defaults = (game) => Object.fromEntries(game.settings.map((s) => [s.key, s.default]));

/** The three choices' answers as seats: when a choice changes, or the seats are filled for
 * another game or another number of seats.
 * @param {NewGameForm} form */
function modeChanged(form) {
  const mode = form.modes.mode();
  form.startButton.hidden = mode === "someone";
  form.seekBox.hidden = mode !== "someone";
  fillSeats(form);
  for (const listener of form.modeListeners) listener(mode);
}

/** Sets the seats' selects to what the three choices ask for.
 * @param {NewGameForm} form */
function fillSeats(form) {
  const selects = [.../** @type {NodeListOf<HTMLSelectElement>} */ (form.seatsBox.querySelectorAll("[data-seat]"))];
  const wanted = form.modes.seats(selects.length);
  selects.forEach((select, i) => {
    const option = [...select.options].find((o) => o.value === wanted[i] && !o.disabled);
    if (option) select.value = wanted[i];
  });
  refreshApplies(form);
}

/** Seats and levels for the settings chosen, and the game's note.
 * @param {NewGameForm} form */
async function refreshSeats(form) {
  const ticket = ++form.refreshing;
  form.error.textContent = "";
  const game = currentGame(form);
  let names;
  let levels;
  try {
    [names, levels] = await seatOptions(game.name, settingValues(form.settingsBox));
  } catch (e) {
    if (ticket !== form.refreshing) return;
    form.error.textContent = e.message;
    form.seatsBox.replaceChildren();
    return;
  }
  if (ticket !== form.refreshing) return;
  const previous = seatValues(form.seatsBox);
  form.seatsBox.replaceChildren(...seatChoices("seat", names, levels, 1, previous));
  form.modes.offer(names, levels);
  // The choices fill the seats for a new game or number of seats; otherwise the seats keep
  // what was chosen in them one by one.
  const seatsFor = `${game.name}:${names.length}`;
  if (form.seatsFor !== seatsFor) fillSeats(form);
  form.seatsFor = seatsFor;
  refreshApplies(form);
  form.levelNotes.replaceChildren(...levelNotices(levels));
  refreshNote(form, game);
}

/** The game's note for the lobby (the board module's `lobbyNote`), if it has one, with its
 * offer of other settings as a button.
 * @param {NewGameForm} form
 * @param {CatalogGame} game */
function refreshNote(form, game) {
  const current = { ...defaults(game), ...settingValues(form.settingsBox) };
  const text = form.board?.lobbyNote?.(current);
  if (!text || currentGame(form) !== game) { form.note.replaceChildren(); return; }
  const { offer } = text;
  form.note.replaceChildren(el("div", { class: "note", role: "note" },
    el("p", {}, text.badge ? [el("span", { class: "badge badge-variant" }, text.badge), " "] : null,
      text.text, " ", el("a", { href: text.href }, text.linkText), "."),
    offer ? el("button", { class: "secondary", id: "offer", onclick: () => {
      for (const [key, value] of Object.entries(offer.settings)) {
        const input = settingControl(form.settingsBox, key);
        if (input) input.value = value;
      }
      settingsChanged(form);
      form.startButton.focus();
    } }, offer.label) : null));
}

/** Creates the game chosen and opens it.
 * @param {NewGameForm} form */
async function start(form) {
  form.error.textContent = "";
  try {
    const created = await api("/api/games", {
      method: "POST",
      body: JSON.stringify({ game: currentGame(form).name, settings: settingValues(form.settingsBox),
        seats: seatRequests(form.seatsBox, yourName(form), form.hintsBox.checked && againstComputer(form)),
        time_control: form.clock.value(), public: !form.publicLabel.hidden && form.publicBox.checked,
        rated: !form.ratedLabel.hidden && form.ratedBox.checked }),
    });
    remember(created);
  } catch (e) {
    form.error.textContent = e.message;
  }
}
