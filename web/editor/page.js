// The position editor at "/editor" and "/editor/<game>?code=CODE&KEY=VALUE...": a game and its
// settings, its board drawn by the game's board module (web/boards/<game>.js) with pieces (or
// seeds, tiles...) placed and taken off by clicks, the side to move and the die where the game
// has one, the position checked by the server at every change (POST /api/positions: the game's
// own code reader decides, docs/editor.md), and from a legal position its code and link to
// copy, a game to start from it against the computer or a friend, and its analysis (the
// engine's chances for the side to move and its best line, POST /api/positions/analysis, the
// best move marked on the board), or an analysis board on it to try moves
// (web/editor/analysis-board.js). How each game's code is edited is in web/editor/games/<game>.js.

import { zoomForTouch } from "../boards/common.js";
import { sideName, t } from "../i18n.js";
import { remember } from "../lobby/seats.js";
import { applyConditions, settingControl, settingControls, settingValues } from "../lobby/settings.js";
import { api, el, fill } from "../ui.js";
import { drawBestMove } from "../game/review-panel.js";
import { engineAnswer, statusWords } from "../analysis/engine-answer.js";
import { analysePosition, readPosition } from "../analysis/engine.js";
import { openAnalysisBoard } from "./analysis-board.js";

/** @typedef {import("../ui.js").CatalogGame} CatalogGame */

/** @typedef {import("../analysis/engine.js").Position} Position */

/** The editor's state: the game and its modules, the settings, the code shown and the server's
 * reading of it when legal, the tool chosen, the cell last edited, the page's lasting elements.
 * @typedef {object} Editor
 * @property {{ games: CatalogGame[] }} catalog
 * @property {CatalogGame} entry the game
 * @property {import("./code.js").EditorModule} module its editing (web/editor/games/<game>.js)
 * @property {import("../boards/common.js").BoardModule} board its board module
 * @property {Record<string, string>} settings
 * @property {string[]} seatNames
 * @property {string} code
 * @property {import("../boards/common.js").Drawn} drawn the board drawn
 * @property {string | null} tool
 * @property {string | undefined} focused the cell last edited
 * @property {number} checking the latest check asked for, so that an older answer is dropped
 * @property {Position | null} position the server's reading of the code, when legal
 * @property {Map<string, Promise<import("../ui.js").LevelView[]>>} [levels] the levels asked for, by game and settings
 * @property {import("../analysis/board.js").AnalysisBoardState | null} [analysisBoard] the analysis board's, while the board is one (web/editor/analysis-board.js)
 * @property {ReturnType<typeof parts>} ui */

/** Draws the editor into `app`, for the game and position in the address if any.
 * @param {HTMLElement} app */
export async function editorPage(app) {
  /** @type {{ games: CatalogGame[] }} */
  const catalog = await api("/api/catalog");
  const named = location.pathname.match(/^\/editor\/([a-z-]+)$/)?.[1];
  const entry = catalog.games.find((g) => g.name === named) ?? catalog.games[0];
  const query = new URLSearchParams(location.search);
  // The game's modules, settings and code follow at once (`chooseGame`).
  const editor = /** @type {Editor} */ ({
    catalog,
    entry,
    tool: null,
    checking: 0,
    position: null,
    ui: parts(),
  });
  document.title = t("Position editor · Tafel");
  app.replaceChildren(layout(editor));
  const wanted = Object.fromEntries([...query].filter(([key]) => key !== "code"));
  await chooseGame(editor, entry, wanted, query.get("code"));
}

/** The page's lasting elements. */
function parts() {
  return {
    gameSelect: el("select", { id: "editor-game" }),
    settingsBox: el("div", { class: "settings" }),
    boardArea: el("div", { class: "board-area editor-board", id: "editor-board" }),
    tools: el("div", { class: "editor-tools", role: "group", "aria-labelledby": "tools-title" }),
    turn: el("div", { class: "editor-turn" }),
    verdict: el("p", { class: "status", id: "verdict", role: "status", "aria-live": "polite" }),
    codeInput: el("input", { id: "editor-code", autocomplete: "off", spellcheck: "false", "aria-describedby": "code-help" }),
    copied: el("span", { class: "help", id: "copied", role: "status" }),
    start: el("div", { class: "editor-start", id: "editor-start" }),
    error: el("p", { class: "error", role: "alert", id: "editor-error" }),
    // Beside the board on a wide screen, right under it on a phone, so that the best move
    // marked on the board and the words about it are seen together.
    analysis: el("div", { class: "editor-analysis", id: "editor-analysis", "aria-live": "polite" }),
  };
}

/** The frame: the title, the game and settings, the board, and beside it the tools, the side
 * to move, the verdict, the code and what to do with a legal position.
 * @param {Editor} editor */
function layout(editor) {
  const { ui } = editor;
  ui.gameSelect.append(...editor.catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  ui.gameSelect.addEventListener("change", () => {
    const entry = editor.catalog.games.find((g) => g.name === ui.gameSelect.value);
    if (entry) chooseGame(editor, entry, {}, null);
  });
  ui.codeInput.addEventListener("keydown", (e) => { if (e.key === "Enter") useTypedCode(editor); });
  return el("div", { class: "editor-page" },
    el("div", { class: "game-head" },
      el("h1", {}, t("Position editor")),
      el("div", { class: "editor-game" }, el("label", { for: "editor-game" }, t("Game")), ui.gameSelect),
      el("nav", { class: "game-links", "aria-label": t("Editor") }, el("a", { href: "/" }, t("Lobby")))),
    el("div", { class: "game-layout editor-layout" },
      el("div", { class: "status-area" }, ui.verdict),
      ui.boardArea,
      el("div", { class: "side editor-side" },
        el("h2", { id: "tools-title" }, t("Place")), ui.tools,
        ui.turn,
        el("div", { class: "controls" },
          el("button", { class: "secondary", id: "editor-reset", type: "button", onclick: () => resetPosition(editor) }, t("Start position")),
          el("button", { class: "secondary", id: "editor-clear", type: "button", onclick: () => changeCode(editor, editor.module.cleared(editor.code)) }, t("Clear the board"))),
        el("label", { for: "editor-code" }, t("Position code")),
        el("div", { class: "editor-code" }, ui.codeInput,
          el("button", { class: "secondary", id: "editor-use", type: "button", onclick: () => useTypedCode(editor) }, t("Use this code"))),
        el("p", { class: "help", id: "code-help" }, t("Type or paste a code and press Enter; it changes with every click on the board.")),
        el("div", { class: "controls" },
          el("button", { class: "secondary", id: "copy-code", type: "button", onclick: () => copy(editor, editor.code) }, t("Copy the code")),
          el("button", { class: "secondary", id: "copy-link", type: "button", onclick: () => copy(editor, location.href) }, t("Copy the link")),
          ui.copied),
        ui.start,
        ui.error,
        el("details", { class: "editor-settings" }, el("summary", {}, t("Settings of the game")), ui.settingsBox)),
      ui.analysis));
}

/** Shows game `entry` with the settings `wanted` (the others at their defaults) and the
 * position `code` (the game's start when null).
 * @param {Editor} editor
 * @param {CatalogGame} entry
 * @param {Record<string, string>} wanted
 * @param {string | null} code */
async function chooseGame(editor, entry, wanted, code) {
  editor.entry = entry;
  editor.ui.gameSelect.value = entry.name;
  editor.module = await import(`./games/${entry.name}.js`);
  editor.board = await import(`../boards/${entry.name}.js`);
  editor.ui.settingsBox.replaceChildren(...settingControls(entry, () => settingsChanged(editor)));
  for (const [key, value] of Object.entries(wanted)) {
    const control = settingControl(editor.ui.settingsBox, key);
    if (control) control.value = value;
  }
  applyConditions(editor.ui.settingsBox, entry);
  await useSettings(editor);
  if (code) {
    editor.code = code;
    await check(editor, code);
    if (!drawPosition(editor)) await resetPosition(editor);
  } else {
    await resetPosition(editor);
  }
}

/** The settings chosen, with the defaults of those not shown.
 * @param {Editor} editor */
function currentSettings(editor) {
  const defaults = Object.fromEntries(editor.entry.settings.map((s) => [s.key, s.default]));
  return { ...defaults, ...settingValues(editor.ui.settingsBox) };
}

/** New settings: the tools again and the start position under them.
 * @param {Editor} editor */
async function settingsChanged(editor) {
  applyConditions(editor.ui.settingsBox, editor.entry);
  await useSettings(editor);
  await resetPosition(editor);
}

/** Takes the settings chosen: the seats' names under them and the tools.
 * @param {Editor} editor */
async function useSettings(editor) {
  editor.settings = currentSettings(editor);
  const query = new URLSearchParams(changedSettings(editor));
  editor.seatNames = await api(`/api/catalog/${editor.entry.name}/seats?${query}`).catch(() => []);
  drawTools(editor);
}

/** Goes back to the game's start under the settings (for EinStein: once arranged).
 * @param {Editor} editor */
async function resetPosition(editor) {
  try {
    const start = await api("/api/positions", { method: "POST", body: JSON.stringify({ game: editor.entry.name, settings: editor.settings }) });
    await changeCode(editor, editor.module.first?.(start.code) ?? start.code);
  } catch (e) {
    editor.position = null;
    editor.ui.verdict.className = "status illegal";
    editor.ui.verdict.textContent = t("These settings cannot be used: {reason}", { reason: e.message });
    fill(editor.ui.start);
  }
}

/** The tools: one toggle button per piece (or seed, tile...) to place; the first is chosen.
 * @param {Editor} editor */
function drawTools(editor) {
  const tools = editor.module.tools(editor.settings);
  if (!tools.some((tool) => tool.id === editor.tool)) editor.tool = tools[0].id;
  fill(editor.ui.tools, tools.map((tool) => el("button", {
    type: "button", class: "secondary tool", "data-tool": tool.id, "aria-pressed": String(tool.id === editor.tool),
    onclick: () => {
      editor.tool = tool.id;
      for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (editor.ui.tools.querySelectorAll("[data-tool]"))) button.setAttribute("aria-pressed", String(button.dataset.tool === tool.id));
    },
  }, tool.label)));
}

/** The side to move and the die, as selects (for the games that have them).
 * @param {Editor} editor */
function drawTurn(editor) {
  const { module, code } = editor;
  const { withDie, dieOf } = module;
  const sides = module.sides(editor.settings);
  const chosen = (/** @type {Event} */ e) => /** @type {HTMLSelectElement} */ (e.target).value;
  const side = sides.length ? el("select", { id: "editor-side", onchange: (/** @type {Event} */ e) => changeCode(editor, module.withSide(editor.code, chosen(e))) },
    sides.map((s) => el("option", { value: s.word, selected: s.word === module.sideOf(code) }, s.label))) : null;
  const die = withDie && dieOf ? el("select", { id: "editor-die", onchange: (/** @type {Event} */ e) => changeCode(editor, withDie(editor.code, chosen(e) ? Number(chosen(e)) : null)) },
    el("option", { value: "", selected: dieOf(code) === null }, t("not rolled yet")),
    [1, 2, 3, 4, 5, 6].map((n) => el("option", { value: n, selected: dieOf(code) === n }, String(n)))) : null;
  fill(editor.ui.turn,
    side ? el("div", { class: "editor-choice" }, el("label", { for: "editor-side" }, t("To move")), side) : null,
    die ? el("div", { class: "editor-choice" }, el("label", { for: "editor-die" }, t("Die")), die) : null);
}

/** A new code from an edit: drawn at once, then checked.
 * @param {Editor} editor
 * @param {string} code */
async function changeCode(editor, code) {
  const before = editor.code;
  editor.code = code;
  if (!drawPosition(editor)) {
    editor.code = before;
    drawPosition(editor);
  }
  await check(editor, code);
}

/** The code typed in the box: used if it is a legal position; otherwise the verdict says why
 * and the board stays as it was.
 * @param {Editor} editor */
async function useTypedCode(editor) {
  const code = editor.ui.codeInput.value.trim();
  if (!code || code === editor.code) return;
  if (await check(editor, code) && editor.position) await changeCode(editor, editor.position.code);
}

/** Draws the board for `editor.code` with its cells clickable, the side and die, the address;
 * false if the board module cannot read the code.
 * @param {Editor} editor */
function drawPosition(editor) {
  const { module, board, entry } = editor;
  const view = boardView(editor, editor.code);
  let drawn;
  try {
    drawn = board.draw(view, editor.settings);
  } catch {
    return false;
  }
  editor.drawn = drawn;
  editor.analysisBoard = null; // the editor's board, not the analysis board
  const root = drawn.svg;
  root.id = "board";
  root.dataset.game = entry.name;
  root.dataset.code = editor.code;
  root.setAttribute("aria-label", `${root.getAttribute("aria-label")}: ${t("click a square to place what is chosen")}`);
  // What the board offers for moves (Black Path's exits) is not for editing.
  for (const node of root.querySelectorAll(".bp-exit, .bp-dot")) node.remove();
  for (const target of root.querySelectorAll(module.targets)) {
    target.setAttribute("role", "button");
    target.setAttribute("tabindex", "0");
    target.classList.add("editable");
  }
  const place = (/** @type {Event} */ event) => {
    const target = /** @type {HTMLElement | SVGElement | null} */ (/** @type {Element} */ (event.target).closest(module.targets));
    if (!target || !root.contains(target)) return;
    editor.focused = target.dataset.cell ?? target.dataset.square ?? `store-${target.dataset.store}`;
    changeCode(editor, module.edit(editor.code, target, /** @type {string} */ (editor.tool), editor.settings));
  };
  root.addEventListener("click", place);
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    place(event);
  });
  const scroll = el("div", { class: "board-scroll" }, root);
  // Beside the board of a dice game the page shows its die; here the die is the select.
  editor.ui.boardArea.replaceChildren(scroll);
  zoomForTouch(scroll, drawn);
  refocus(editor, root);
  editor.ui.codeInput.value = editor.code;
  drawTurn(editor);
  const address = new URLSearchParams({ ...changedSettings(editor), code: editor.code });
  history.replaceState(null, "", `/editor/${entry.name}?${address}`);
  return true;
}

/** Keeps the keyboard focus on the cell last edited when the board is drawn again.
 * @param {Editor} editor
 * @param {Element} root */
function refocus(editor, root) {
  if (!editor.focused) return;
  const name = editor.focused;
  const node = /** @type {HTMLElement | SVGElement | null} */ (name.startsWith("store-")
    ? root.querySelector(`[data-store="${name.slice(6)}"]`)
    : root.querySelector(`[data-cell="${CSS.escape(name)}"], [data-square="${CSS.escape(name)}"]`));
  if (node && document.activeElement?.closest?.("#editor-board")) node.focus();
}

/** The settings that differ from the defaults (for the address).
 * @param {Editor} editor */
function changedSettings(editor) {
  return Object.fromEntries(editor.entry.settings
    .filter((s) => editor.settings[s.key] !== undefined && editor.settings[s.key] !== s.default)
    .map((s) => [s.key, editor.settings[s.key]]));
}

/** Asks the server whether `code` is a legal position and shows its answer (unless a newer
 * check was asked for meanwhile); true if it is.
 * @param {Editor} editor
 * @param {string} code */
async function check(editor, code) {
  const ticket = ++editor.checking;
  /** @type {Position | null} */
  let position = null;
  let reason = null;
  try {
    position = await readPosition({ game: editor.entry.name, settings: editor.settings, code });
  } catch (e) {
    reason = e.message;
  }
  if (ticket !== editor.checking) return false;
  editor.position = position;
  fill(editor.ui.analysis);
  const { verdict } = editor.ui;
  verdict.dataset.code = code;
  if (!position) {
    verdict.className = "status illegal";
    verdict.textContent = t("Not a legal position. {reason}", { reason });
    fill(editor.ui.start, el("p", { class: "help" }, t("Correct the position to copy it, play it or analyse it.")));
    setCopying(editor, false);
    return false;
  }
  verdict.className = "status legal";
  verdict.textContent = `${t("Legal position.")} ${statusWords(position.status)}`;
  setCopying(editor, true);
  await startChoices(editor, position);
  return true;
}

/** Copying is offered only for a legal position.
 * @param {Editor} editor
 * @param {boolean} legal */
function setCopying(editor, legal) {
  for (const id of ["copy-code", "copy-link"]) /** @type {HTMLButtonElement} */ (document.getElementById(id)).disabled = !legal;
  editor.ui.copied.textContent = "";
}

/** Copies `text`, saying so.
 * @param {Editor} editor
 * @param {string} text */
async function copy(editor, text) {
  try {
    await navigator.clipboard.writeText(text);
    editor.ui.copied.textContent = t("Copied.");
  } catch {
    editor.ui.codeInput.select();
    editor.ui.copied.textContent = t("Copying is not allowed here: the code is selected, copy it yourself.");
  }
}

/** What to do with a legal position: who you play, the computer's level, and the buttons to
 * play the computer, play a friend or analyse.
 * @param {Editor} editor
 * @param {Position} position */
async function startChoices(editor, position) {
  if (position.status.state === "over") {
    fill(editor.ui.start, el("p", { class: "help" }, t("The game is over in this position: there is nothing to play.")));
    return;
  }
  /** @type {import("../ui.js").LevelView[]} */
  let levels;
  try {
    levels = await levelsOf(editor);
  } catch (e) {
    fill(editor.ui.start, el("p", { class: "error" }, e.message));
    return;
  }
  if (editor.position !== position) return;
  const toMove = position.status.seat ?? 0;
  const mine = el("select", { id: "editor-seat" }, position.seats.map((name, seat) => el("option", { value: seat, selected: seat === toMove }, sideName(name))));
  const usable = levels.filter((l) => !l.notice).map((l) => l.level);
  const level = el("select", { id: "editor-level" }, levels.map((l) => el("option", { value: l.level, disabled: Boolean(l.notice),
    selected: l.level === Math.min(3, Math.max(...usable)) }, t("Computer, level {level}", { level: l.level }))));
  const create = (/** @type {string} */ kind) => startGame(editor, position, Number(mine.value), kind, Number(level.value));
  fill(editor.ui.start,
    el("h2", {}, t("Play from here")),
    el("div", { class: "editor-choice" }, el("label", { for: "editor-seat" }, t("You play")), mine),
    el("div", { class: "editor-choice" }, el("label", { for: "editor-level" }, t("Against")), level),
    el("div", { class: "controls" },
      el("button", { id: "play-computer", type: "button", onclick: () => create("computer") }, t("Play the computer")),
      el("button", { class: "secondary", id: "play-friend", type: "button", onclick: () => create("invite") }, t("Play a friend")),
      el("button", { class: "secondary", id: "analyse-position", type: "button", onclick: () => showAnalysis(editor, position, editor.ui.analysis) }, t("Analyse")),
      el("button", { class: "secondary", id: "open-analysis-board", type: "button", onclick: () => openAnalysisBoard(editor, position, {
        close: () => backToEditing(editor), fit: zoomForTouch }) }, t("Analysis board"))));
}

/** What the board draws (and says moves in) for the position `code`: no moves before it, nobody
 * to move as far as the board knows.
 * @param {Editor} editor
 * @param {string} code
 * @returns {import("../boards/common.js").BoardView & Record<string, unknown>} */
function boardView(editor, code) {
  const seats = editor.seatNames.map((name, seat) => ({ seat, name }));
  return { game: editor.entry.name, code, seats, status: { state: "chance" }, last_move: null, moves: [], plies: [], legal: [], ply: 0 };
}

/** Ends the analysis board: the editor's board again, for the position set up.
 * @param {Editor} editor */
function backToEditing(editor) {
  drawPosition(editor);
  fill(editor.ui.analysis);
}

/** Asks the engine about `position` (the chances of the side to move, the best line) and
 * shows its answer in `area`, the best move marked on the board, both in view; an answer for
 * a position no longer shown is dropped.
 * @param {Editor} editor
 * @param {Position} position
 * @param {HTMLElement} area */
async function showAnalysis(editor, position, area) {
  if (editor.analysisBoard) backToEditing(editor);
  const button = /** @type {HTMLButtonElement} */ (document.getElementById("analyse-position"));
  button.disabled = true;
  fill(area, el("p", { class: "help", role: "status" }, t("The computer is thinking…")));
  try {
    const found = await analysePosition({ game: editor.entry.name, settings: changedSettings(editor), code: position.code });
    if (editor.position !== position) return;
    fill(area, engineAnswer(found, (move, code) => editor.board.describeMove?.(move, boardView(editor, code), editor.settings) ?? move));
    drawBestMove(editor.drawn, found.line[0].move);
    // On a phone the words are under the board: the board's top at the screen's top shows both.
    if (window.matchMedia("(max-width: 50rem)").matches) editor.ui.boardArea.scrollIntoView({ block: "start" });
    else area.scrollIntoView({ block: "nearest" });
  } catch (e) {
    if (editor.position === position) fill(area, el("p", { class: "error" }, e.message));
  } finally {
    button.disabled = false;
  }
}

/** The computer's levels under the settings chosen (asked once for each).
 * @param {Editor} editor */
function levelsOf(editor) {
  const query = new URLSearchParams(changedSettings(editor));
  const key = `${editor.entry.name}?${query}`;
  editor.levels ??= new Map();
  const levels = editor.levels.get(key) ?? api(`/api/catalog/${editor.entry.name}/levels?${query}`);
  editor.levels.set(key, levels);
  return levels;
}

/** Creates a game from the position: seat `mine` at this screen, the others the computer at
 * `level` or invited people (`kind` "invite").
 * @param {Editor} editor
 * @param {Position} position
 * @param {number} mine
 * @param {string} kind
 * @param {number} level */
async function startGame(editor, position, mine, kind, level) {
  editor.ui.error.textContent = "";
  const name = localStorage.getItem("tafel:name") || null;
  const seats = position.seats.map((_, seat) => {
    if (seat === mine) return { kind: "local", ...(name ? { name } : {}) };
    return kind === "invite" ? { kind: "invite" } : { kind: "computer", level };
  });
  try {
    const created = await api("/api/games", { method: "POST",
      body: JSON.stringify({ game: editor.entry.name, settings: changedSettings(editor), start: position.code, seats }) });
    remember(created);
  } catch (e) {
    editor.ui.error.textContent = e.message;
  }
}
