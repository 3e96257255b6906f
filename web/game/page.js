// The game page at "/game/<id>": loads the game, its board module and the catalog, lays out the
// page's lasting parts, draws the page again on every change by composing its parts (each in
// its own module of web/game/), and follows the game live over the connection.

import { animateLastMove, settingsOf } from "../boards/common.js";
import { api, el, errorWords, fill } from "../ui.js";
import { analyseFinishedGame, analysisArea, hintArea, reviewMarks, showBestMove } from "./analysis.js";
import { gameBoardMoves, gameBoardPanel, gameVariationLine, variationView } from "./analysis-board.js";
import { drawBoard, flipButton, keepBoardOnScreen, positionPicture } from "./board-view.js";
import { chatMessage, chatPanel, chatState, loadChat } from "./chat.js";
import { clockBox, keepClocksRunning } from "./clock.js";
import { follow } from "./connection.js";
import { focusPlace, restoreFocus } from "./focus.js";
import { boardlessMoves, moveControls } from "./move-input.js";
import { keepInView, listenForReplayKeys, moveList, replayControls, undoAndRecords } from "./move-list.js";
import { presenceLine, questionBox, showNotice, tableControls, tableEvent } from "./online.js";
import { heldSeats, invitations, joinForm, otherDevice, playersList, readFragment, youLine } from "./seats.js";
import { notifyToggle, notifyTurn } from "./notify.js";
import { listenForPremoveCancel, playPremove, premoveBoard, premoveLine } from "./premove.js";
import { soundNewMoves, soundToggle } from "./sound.js";
import { gameState, shownView, takeView } from "./state.js";
import { pageTitle, showLastMove, statusLine } from "./status.js";
import { settingsLine } from "../lobby/settings.js";
import { t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** A narrow screen (a phone): one column, what waits for the player's answer above the board. */
const narrow = window.matchMedia("(max-width: 50rem)");

/** Draws game `id` into `app` and keeps it live.
 * @param {HTMLElement} app
 * @param {string} id */
export async function gamePage(app, id) {
  const invite = readFragment(id);
  let view;
  try {
    view = await api(`/api/games/${id}`);
  } catch (e) {
    showNotFound(app, e.message);
    return;
  }
  const [board, catalog] = await Promise.all([import(`../boards/${view.game}.js`), api("/api/catalog")]);
  const catalogEntry = /** @type {import("../ui.js").CatalogGame[]} */ (catalog.games).find((g) => g.name === view.game);
  // The state, with its chat's part added at once.
  const game = /** @type {Game} */ (gameState({ id, view, board, catalogEntry, settings: settingsOf(catalogEntry, view), seats: heldSeats(id), invite }));
  game.chat = chatState(game);
  game.render = (options) => render(game, options);
  app.replaceChildren(layout(game));
  game.fitBoard = keepBoardOnScreen(game, [document.querySelector("header.site"), game.ui.banner, app.querySelector(".game-head"), game.ui.noticeLine, game.ui.presence]);
  // Past the phone's width, what waits for an answer changes places (drawing the page again
  // only then: it would forget a move half clicked).
  narrow.addEventListener("change", () => { if (questionBox(game)) render(game, { animate: false }); });
  listenForReplayKeys(game);
  listenForPremoveCancel(game);
  keepClocksRunning(game);
  game.live = connect(game);
  render(game, { animate: false });
}

/** The page for a game that cannot be shown, with the server's reason.
 * @param {HTMLElement} app
 * @param {string} message */
function showNotFound(app, message) {
  document.title = t("Game not found · Tafel");
  app.replaceChildren(el("section", { class: "card notice-page" }, el("h1", {}, t("This game cannot be shown")),
    el("p", { class: "error", role: "alert" }, message), el("p", {}, el("a", { href: "/" }, t("Back to the lobby")))));
}

/** The page's frame: the connection banner, the title with the settings and links, the notice
 * line, then the status, the board and the side column (filled by `render`).
 * @param {Game} game */
function layout(game) {
  const { view, ui } = game;
  const head = el("div", { class: "game-head" },
    el("h1", {}, view.title),
    el("p", { class: "help settings-line" }, settingsLine(game.catalogEntry, game.settings)),
    el("nav", { class: "game-links", "aria-label": t("Game") },
      el("a", { href: `/rules/${view.game}`, id: "rules-link" }, t("Rules of {game}", { game: view.title })), " · ",
      el("a", { href: "/" }, t("Lobby"))));
  return el("div", { class: "game-page" }, ui.banner, head, ui.noticeLine,
    el("div", { class: "game-layout" }, ui.status, ui.boardArea, ui.side));
}

/** Draws the page again for the position shown (`animate`: the last move glides, when
 * somebody else made it).
 * @param {Game} game
 * @param {{ animate: boolean }} options */
function render(game, { animate }) {
  // The board shows the position of the game picked, or a variation tried from it (after the game).
  const v = shownView(game);
  const variation = variationView(game);
  const onBoard = variation ?? v;
  const place = focusPlace();
  const myMove = v.status.state === "to_move" && v.ply === v.moves.length && v.started && game.seats.mine(v.status.seat);
  document.title = pageTitle(game);
  showNotice(game);
  const drawn = drawBoard(game, onBoard, myMove);
  if (myMove) playPremove(game, v);
  else premoveBoard(game, v, drawn);
  if (!variation) showBestMove(game, v, drawn, myMove);
  gameBoardMoves(game, onBoard, drawn);
  game.ui.boardArea.prepend(presenceLine(game));
  // On a phone the analysis board's words are right under the board.
  const boardPanel = narrow.matches ? gameBoardPanel(game, onBoard) : null;
  if (boardPanel) game.ui.boardArea.append(boardPanel);
  // Status, with the moves that have no cell on the board (a forced pass) right beside it, and
  // on a phone what waits for the player's answer.
  fill(game.ui.status, joinForm(game), youLine(game), clockBox(game), variation ? gameVariationLine(game, variation) : statusLine(game, v), myMove ? boardlessMoves(game, v, drawn) : null,
    narrow.matches ? questionBox(game) : null);
  fill(game.ui.side, sideColumn(game, v, onBoard, drawn, myMove));
  game.fitBoard();
  showLastMove(game.ui.lastLine, v);
  keepInView(/** @type {HTMLElement} */ (game.ui.side.querySelector("#movelist"))); // the side column always has it
  restoreFocus(place);
  if (animate) animateLastMove(drawn);
  soundNewMoves(game, drawn);
  notifyTurn(game);
  analyseFinishedGame(game);
}

/** Beside the board: the die, the last move, the premove, the move controls, errors, the table's controls,
 * how to move, the moves, the analysis and (on a wide screen) the analysis board, the chat, the
 * records, the players and the page's options. `v` is the game's position picked, `onBoard` what
 * the board shows (it, or a variation tried from it).
 * @param {Game} game
 * @param {GameView} v
 * @param {GameView} onBoard
 * @param {Drawn} drawn
 * @param {boolean} myMove */
function sideColumn(game, v, onBoard, drawn, myMove) {
  return [
    drawn.extra ? el("div", { class: "board-extra" }, drawn.extra) : null,
    game.ui.lastLine,
    premoveLine(game, v),
    moveControls(game, v, drawn, myMove),
    hintArea(game, v, myMove),
    game.ui.error,
    tableControls(game, narrow.matches),
    v.status.state === "over" ? null : el("p", { class: "howto help" }, game.board.howTo),
    moveList(game, v.ply, reviewMarks(game)),
    replayControls(game, v),
    el("div", { class: "controls" }, flipButton(game)),
    analysisArea(game, v),
    narrow.matches ? null : gameBoardPanel(game, onBoard),
    chatPanel(game),
    undoAndRecords(game),
    invitations(game),
    playersList(game),
    otherDevice(game),
    soundToggle(),
    notifyToggle(game),
    positionPicture(game, onBoard),
  ];
}

/** Follows the game over the WebSocket: views pushed are shown (the last move animated when
 * somebody else made it), the table's events noted, chat messages added (the rooms read again
 * on every connection), a lost connection said in the banner.
 * @param {Game} game */
function connect(game) {
  const { ui } = game;
  return follow(game.id, {
    hello: () => game.seats.all(),
    onHello: () => loadChat(game),
    onView: (v) => {
      game.pushes += 1;
      if (JSON.stringify(v) === JSON.stringify(game.view)) return; // nothing new: keep any selection
      const othersMove = v.moves.length > game.view.moves.length && !!v.last_move && !game.seats.mine(v.last_move.seat);
      takeView(game, v);
      render(game, { animate: game.shownPly === null && othersMove });
    },
    onEvent: (message) => (message.type === "chat" ? chatMessage(game, message.message) : tableEvent(game, message)),
    // An internal failure (500) as one sentence in the page's language, as over HTTP.
    onError: (message, status) => game.showError(status === 500 ? errorWords({ status }, { error: message }) : message),
    onState: (state) => {
      ui.banner.hidden = state === "open";
      ui.banner.textContent = state === "open" ? "" : t("The connection to the server is lost. Reconnecting…");
      if (state === "open") game.showError("");
    },
  });
}
