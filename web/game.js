// The game page: whose turn it is (also in the tab's title), the board with the last move
// marked (and animated when somebody else made it), the die and how to move beside it, the
// move controls (clicks on the board; buttons for a dozen moves or fewer, else a move box with
// completion; moves without a cell, such as a forced pass, as one button next to the status),
// errors in words next to the board, the move list numbered as the record, replay (buttons and
// Home/End/Left/Right), undo, records, a banner while the connection is lost (the page
// reconnects by itself); and for online play (web/table.js): joining with an invitation, "You
// play Black" or "You are watching", players' names, clocks, resign, draw offers, takebacks by
// consent, rematch, invitation links and a link to open one's seat on another device.

import { analysisPanel, capital, chanceWords, drawBestMove, fetchAnalysis, marksByPly, reviewAt } from "./analysis.js";
import { animateLastMove, clickToMove, previewPath, settingsOf } from "./boards/common.js";
import { follow } from "./live.js";
import { keepInView, moveList } from "./movelist.js";
import { chime, clockBox, sound, tableControls, tick, youLine } from "./table.js";
import { api, el, fill, plural, seatKind, sentence, tokens } from "./ui.js";

/** At most this many legal moves are offered as buttons; more get a move box. */
const MAX_MOVE_BUTTONS = 12;
/** The smallest click area on a phone, in CSS pixels; smaller boards are shown zoomed. */
const MIN_TAP = 32;

/** Draws game `id` into `app` and keeps it live. */
export async function gamePage(app, id) {
  // A seat holder's link for another device carries the seat's token in the fragment
  // (#seat=1&token=..., never sent to the server); an invitation carries its code
  // (#invite=...), exchanged once for the seat's token when the invited person joins.
  const fragment = new URLSearchParams(location.hash.slice(1));
  const invite = fragment.get("invite");
  if (fragment.get("token")) {
    const held = tokens.load(id);
    held[fragment.get("seat")] = { kind: "seat", token: fragment.get("token"), joined: true };
    tokens.save(id, held);
  }
  if (location.hash) history.replaceState(null, "", location.pathname);

  let view; // the game as the server last sent it
  try {
    view = await api(`/api/games/${id}`);
  } catch (e) {
    document.title = "Game not found · Tafel";
    app.replaceChildren(el("section", { class: "card notice-page" }, el("h1", {}, "This game cannot be shown"),
      el("p", { class: "error", role: "alert" }, e.message), el("p", {}, el("a", { href: "/" }, "Back to the lobby"))));
    return;
  }
  const [board, catalog] = await Promise.all([import(`./boards/${view.game}.js`), api("/api/catalog")]);
  const catalogEntry = catalog.games.find((g) => g.name === view.game);
  const settings = settingsOf(catalogEntry, view);
  /** A move of the position `v` in words, as its button says it ("Tile 2: out south"). */
  const describe = (move, v) => board.describeMove?.(move, v, settings) ?? move;

  let shownPly = null; // null: follow the game; a number: showing the position after that many moves
  let shownView = view; // the view drawn
  let zoomed = null; // on a phone, whether a small-celled board is shown zoomed (null: not decided)
  let pictureOpen = false;
  // Views pushed so far. A request's answer is shown only if no push came while it was under
  // way: a push is never older than the answer, but an answer that arrives late can be older
  // than a push (the computer may already have replied).
  let pushes = 0;

  const held = () => tokens.load(id);
  // A seat this browser may move for: local seats and seats it joined.
  const myToken = (seat) => {
    const h = held()[seat];
    return h && (h.kind === "local" || h.joined) ? h.token : null;
  };
  const mine = (seat) => Boolean(myToken(seat));
  const allTokens = () => Object.keys(held()).map((seat) => myToken(seat)).filter(Boolean);
  // Whether another person (not at this screen, not the computer) plays in the game.
  const othersPlay = () => view.seats.some((s) => s.kind !== "computer" && !mine(s.seat));
  // Who sits in a seat, as this browser sees it: the name given, else what kind of player.
  const seatLabel = (s) => {
    if (s.kind === "computer") return seatKind(s);
    if (!s.joined) return "waiting for the invited player";
    const where = s.kind === "local" && mine(s.seat) ? "at this screen" : s.kind === "local" ? "at the host's screen" : "online";
    return s.player ? `${s.player}, ${where}` : `person ${where}`;
  };
  let receivedAt = performance.now(); // when `view` arrived, for the running clock
  let spectators = 0;
  let confirmingResign = false;
  let joining = invite; // an invitation not yet exchanged for the seat
  let joinForm = null; // its form, kept while the page is drawn again
  let notice = ""; // the last thing that happened at the table ("Ada joined as Black")
  let noticeLink = null; // a link after the notice, { href, text }: a spectator's way to the rematch
  let joinedSeat = null; // the seat the "joined" notice is about
  let wasMyTurn = false;
  // The analysis (docs/analysis.md): the review once fetched, for how many moves, and what
  // the panel says meanwhile (the progress, or why there is none).
  let review = null;
  let reviewedMoves = -1; // the number of moves the review (or the request under way) covers
  let analysing = false;
  let analysisNote = "";
  let hint = null; // the last hint asked for: { ply, best, words }

  // The page's parts that stay while the game changes (so that screen readers follow them).
  const banner = el("div", { class: "conn-banner", id: "connection", role: "alert", hidden: true });
  const status = el("div", { class: "status-area", id: "status-area", "aria-live": "polite" });
  const lastLine = el("p", { class: "last-move-line", id: "last-move-line", "aria-live": "polite" });
  const boardArea = el("section", { class: "board-area", "aria-label": "Board" });
  const side = el("aside", { class: "side" });
  const error = el("p", { class: "error", id: "error", role: "alert" });
  const tableArea = el("div", { class: "table-area", id: "table-area" });
  const noticeLine = el("p", { class: "table-notice", id: "table-notice", role: "status" });
  const head = el("div", { class: "game-head" },
    el("h1", {}, view.title),
    el("p", { class: "help settings-line" }, settingsLine(catalogEntry, settings)),
    el("nav", { class: "game-links", "aria-label": "Game" },
      el("a", { href: `/rules/${view.game}`, id: "rules-link" }, `Rules of ${view.title}`), " · ",
      el("a", { href: "/" }, "Lobby")));
  app.replaceChildren(el("div", { class: "game-page" }, banner, head, noticeLine, el("div", { class: "game-layout" }, status, boardArea, side)));

  const showError = (message) => { error.textContent = message ? sentence(message) : ""; };

  async function fresh(request) {
    const before = pushes;
    const answer = await request;
    if (pushes === before) {
      view = answer;
      receivedAt = performance.now();
      shownPly = null;
      render({ animate: false });
    }
  }

  /** Resign, draw, takeback or rematch for this browser's seat (the one to move if it holds
   * several). */
  async function act(what, action) {
    showError("");
    const seat = mine(view.status.seat) ? view.status.seat : view.seats.find((s) => mine(s.seat))?.seat;
    const body = { token: myToken(seat), ...(action ? { action } : {}) };
    try {
      if (what === "rematch") {
        const rematch = await api(`/api/games/${id}/rematch`, { method: "POST", body: JSON.stringify(body) });
        const next = {};
        for (const s of rematch.seats) next[s.seat] = { kind: "seat", token: s.token, joined: true };
        for (const s of rematch.invites) next[s.seat] = { kind: "invite", invite: s.invite };
        tokens.save(rematch.id, { ...next, ...tokens.load(rematch.id) });
        location.href = `/game/${rematch.id}`;
        return;
      }
      await fresh(api(`/api/games/${id}/${what}`, { method: "POST", body: JSON.stringify(body) }));
    } catch (e) {
      showError(e.message);
    }
  }

  /** Takes the invited seat with the name given. */
  async function join(name) {
    try {
      localStorage.setItem("tafel:name", name);
      const joined = await api(`/api/games/${id}/join`, { method: "POST", body: JSON.stringify({ invite: joining, name }) });
      tokens.save(id, { ...held(), [joined.seat]: { kind: "seat", token: joined.token, joined: true } });
      joining = null;
      // The event of one's own arrival can come before this answer: the joiner is not told.
      if (joinedSeat === joined.seat) notice = "";
      live.greet();
      view = joined.view;
      receivedAt = performance.now();
      render({ animate: false });
    } catch (e) {
      joining = null;
      render({ animate: false });
      showError(e.message);
    }
  }

  async function move(text) {
    showError("");
    try {
      const token = myToken(view.status.seat);
      await fresh(api(`/api/games/${id}/moves`, { method: "POST", body: JSON.stringify({ token, move: text, ply: view.moves.length }) }));
    } catch (e) {
      showError(e.message);
    }
  }

  async function undo() {
    showError("");
    const token = Object.keys(held()).map((seat) => myToken(seat)).find(Boolean);
    try {
      await fresh(api(`/api/games/${id}/undo`, { method: "POST", body: JSON.stringify({ token }) }));
    } catch (e) {
      showError(e.message);
    }
  }

  /** Shows the position after `ply` moves (null or the last: follow the game). */
  async function show(ply) {
    const target = ply === null || ply >= view.moves.length ? null : Math.max(0, ply);
    shownPly = target;
    try {
      const v = target === null ? view : await api(`/api/games/${id}?ply=${target}`);
      if (shownPly === target) { shownView = v; render({ animate: false }); }
    } catch (e) {
      showError(e.message);
    }
  }

  /** Asks the server for the best move of this screen's position (hints turned on before
   * the game against the computer). */
  async function askHint() {
    showError("");
    try {
      const token = myToken(view.status.seat);
      hint = await api(`/api/games/${id}/hint`, { method: "POST", body: JSON.stringify({ token }) });
      render({ animate: false });
    } catch (e) {
      showError(e.message);
    }
  }

  /** The hint button and the hint found, where this screen is to move with hints on. */
  function hintArea(v, myMove) {
    if (!myMove || !v.seats[v.status.seat]?.hints) return null;
    const found = hint && hint.ply === v.ply
      ? el("p", { class: "hint-line", id: "hint-line", role: "status" }, `Hint: ${describe(hint.best, v)}. ${capital(v.status.name)} to move: ${chanceWords(hint.chance)}.`)
      : null;
    return el("div", { class: "hint-area" }, el("button", { class: "secondary", id: "hint", onclick: askHint }, "Hint: show the best move"), found);
  }

  /** Whether this browser may see the analysis: after the game, or as a spectator. */
  const mayAnalyse = () => view.status.state === "over" || allTokens().length === 0;

  /** Fetches the analysis of the moves played so far (the server computes it once). */
  async function analyse() {
    if (analysing || !mayAnalyse()) return;
    analysing = true;
    reviewedMoves = view.moves.length;
    analysisNote = "Analysing the game…";
    render({ animate: false });
    try {
      review = await fetchAnalysis(id, allTokens(), ({ done, total }) => {
        analysisNote = total ? `Analysing the game: ${done} of ${plural(total, "move")}…` : "Analysing the game…";
        const note = document.getElementById("analysis-note");
        if (note) note.textContent = analysisNote;
      });
      analysisNote = "";
    } catch (e) {
      analysisNote = `No analysis: ${e.message}`;
    } finally {
      analysing = false;
      render({ animate: false });
    }
  }

  /** The analysis panel: the chart and the losses once there, else the progress, or the
   * button that asks for it (spectators during a game). */
  function analysisArea(v) {
    if (review && reviewedMoves === view.moves.length) return analysisPanel(review, view, v.ply, (ply) => show(ply), (m) => describe(m, v));
    if (!mayAnalyse()) return null;
    return el("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-title" },
      el("h2", { id: "analysis-title" }, "Analysis"),
      analysisNote ? el("p", { class: "help", id: "analysis-note", role: "status" }, analysisNote) : null,
      !analysing && view.status.state !== "over"
        ? el("button", { class: "secondary", id: "analyse", onclick: analyse }, "Analyse the moves so far")
        : null);
  }

  /** The status line: whose turn, the result, or the position replayed. */
  function statusLine(v) {
    if (v.ply !== v.moves.length) {
      return el("div", { class: "status replay", id: "turn" },
        `Showing the position after ${plural(v.ply, "move")} of ${v.moves.length}. `,
        el("button", { class: "link", onclick: () => show(null) }, "Back to the game"));
    }
    if (v.status.state === "over") return el("div", { class: "banner", id: "result" }, `Game over: ${v.status.result}`);
    if (!v.started) {
      const free = v.seats.filter((s) => !s.joined).map((s) => s.name).join(" and ");
      return el("div", { class: "status", id: "turn" }, `Waiting for the invited player (${free}) to join.`);
    }
    if (v.status.state === "chance") return el("div", { class: "status", id: "turn" }, "Rolling the die…");
    const seat = v.seats[v.status.seat];
    if (seat.kind === "computer") {
      return el("div", { class: "status thinking", id: "turn" },
        el("span", { class: "spinner", "aria-hidden": "true" }), `${v.status.name} (computer) is thinking…`);
    }
    const yours = myToken(v.status.seat);
    return el("div", { class: `status${yours ? " yours" : ""}`, id: "turn" },
      yours ? `Your move: ${v.status.name}` : `${v.status.name} to move (${seatLabel(seat)})`);
  }

  /** The tab's title: whose turn it is, then the game. */
  function title(v) {
    let what;
    if (v.status.state === "over") what = "Game over";
    else if (!v.started) what = "Waiting for a player";
    else if (v.status.state !== "to_move") what = "Rolling";
    else if (myToken(v.status.seat)) what = "Your move";
    else if (v.seats[v.status.seat].kind === "computer") what = `${v.status.name} is thinking`;
    else what = `${v.status.name} to move`;
    return `${what} · ${v.title}`;
  }

  /** "Black (computer) rolled 3 and played B-K" for the last move before the shown position. */
  function lastMoveLine(v) {
    const last = v.last_move;
    if (!last) return "No move yet.";
    const rolls = [];
    for (let i = last.index - 1; i >= 0 && v.plies[i].seat === null; i--) rolls.unshift(v.moves[i]);
    const seat = v.seats[last.seat];
    const who = `${seat.name}${seat.kind === "computer" ? " (computer)" : ""}`;
    const verb = last.text === "pass" ? "passed" : `played ${last.text}`;
    return `Last move: ${who} ${rolls.length ? `rolled ${rolls.join(", ")} and ` : ""}${verb}.`;
  }

  /** Where focus is, to put it back after the page is drawn again. */
  function focusPlace() {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const boardNode = document.getElementById("board");
    if (boardNode && boardNode.contains(active)) return { cell: active.dataset?.cell ?? null, board: true };
    if (active.dataset?.move) return { board: true };
    if (active.id) return { id: active.id };
    return null;
  }

  function restoreFocus(place) {
    if (!place) return;
    const target = (place.cell && document.querySelector(`#board [data-cell="${CSS.escape(place.cell)}"][tabindex]`))
      || (place.id && document.getElementById(place.id))
      || (place.board && document.getElementById("board"));
    if (target && !target.disabled) target.focus({ preventScroll: true });
  }

  function render({ animate }) {
    const v = shownPly === null ? view : shownView;
    const place = focusPlace();
    const myMove = v.status.state === "to_move" && v.ply === v.moves.length && v.started && myToken(v.status.seat);
    document.title = title(view);
    const myTurn = view.status.state === "to_move" && view.started && Boolean(myToken(view.status.seat)) && othersPlay();
    if (myTurn && !wasMyTurn && sound.on()) chime();
    wasMyTurn = myTurn;
    const noticeShown = `${notice}|${noticeLink?.href ?? ""}`;
    if (noticeLine.dataset.shown !== noticeShown) {
      noticeLine.dataset.shown = noticeShown;
      noticeLine.replaceChildren(notice,
        ...(noticeLink ? [" ", el("a", { href: noticeLink.href, id: "notice-link" }, noticeLink.text)] : []));
    }

    // The board.
    const drawn = board.draw(v, settings);
    const svgNode = drawn.svg;
    svgNode.id = "board";
    svgNode.dataset.game = v.game;
    svgNode.dataset.code = v.code;
    svgNode.dataset.ply = v.ply;
    const scroll = el("div", { class: "board-scroll" }, svgNode);
    boardArea.replaceChildren(scroll);
    if (myMove) clickToMove(svgNode, v.legal, drawn.pathOf, move, drawn.preview ?? ((cells) => previewPath(svgNode, drawn.centreOf, cells)));
    const reviewed = reviewedMoves === view.moves.length ? reviewAt(review, v.ply) : null;
    if (reviewed && !myMove) drawBestMove(drawn, reviewed.best);
    else if (myMove && hint?.ply === v.ply && v.seats[v.status.seat]?.hints) drawBestMove(drawn, hint.best);
    fitForTouch(scroll, svgNode, drawn);

    // Status, with the moves that have no cell on the board (a forced pass) right beside it.
    const boardless = myMove ? v.legal.filter((m) => !drawn.pathOf(m)) : [];
    fill(status, joining ? (joinForm ??= joinCard()) : null, youLine(view, mine, spectators), clockBox(view, receivedAt), statusLine(v), boardless.length
      ? el("div", { class: "boardless" }, boardless.map((m) =>
        el("button", { class: "big", "data-move": m, onclick: () => move(m) }, board.describeMove?.(m, v, settings) ?? m)))
      : null);

    // Beside the board: the die, the last move, how to move, the move controls, errors.
    const controls = el("div", { class: "move-controls", id: "controls" });
    if (myMove) {
      const onBoard = v.legal.filter((m) => drawn.pathOf(m));
      if (onBoard.length && onBoard.length <= MAX_MOVE_BUTTONS) {
        controls.append(el("div", { class: "moves-legal", id: "legal", role: "group", "aria-label": "Legal moves" },
          onBoard.map((m) => el("button", { class: "secondary", "data-move": m, onclick: () => move(m),
            onmouseenter: () => previewPath(svgNode, drawn.centreOf, drawn.pathOf(m)),
            onfocus: () => previewPath(svgNode, drawn.centreOf, drawn.pathOf(m)) },
          board.describeMove?.(m, v, settings) ?? m))));
      } else if (onBoard.length) {
        controls.append(moveBox(v, onBoard, drawn, svgNode));
      }
    }
    fill(side,
      drawn.extra ? el("div", { class: "board-extra" }, drawn.extra) : null,
      lastLine,
      controls,
      hintArea(v, myMove),
      error,
      tableControls(view, mine, act, {
        confirming: confirmingResign,
        setConfirming: (on) => { confirmingResign = on; render({ animate: false }); },
        othersPlay: othersPlay(),
        ownMovePlayed: view.plies.some((p) => p.seat !== null && mine(p.seat)),
      }),
      v.status.state === "over" ? null : el("p", { class: "howto help" }, board.howTo),
      el("h2", { class: "moves-title" }, "Moves"),
      moveList(view, v.ply, (ply) => show(ply), reviewedMoves === view.moves.length ? marksByPly(review) : undefined),
      replayControls(v),
      analysisArea(v),
      el("div", { class: "controls" },
        el("button", { class: "secondary", id: "undo", onclick: undo, disabled: !canUndo() }, "Undo"),
        el("a", { href: `/api/games/${id}/record?format=text`, download: true, id: "download-text" }, "Record (text)"),
        el("a", { href: `/api/games/${id}/record?format=json`, download: true, id: "download-json" }, "Record (JSON)")),
      invitations(view),
      el("h2", { class: "players-title" }, "Players"),
      el("ul", { class: "players", id: "players" }, view.seats.map((s) => el("li", { "data-seat": s.seat },
        `${s.name}: ${seatLabel(s)}${mine(s.seat) ? " (you)" : ""}`))),
      otherDevice(),
      el("label", { class: "sound-toggle" }, el("input", { type: "checkbox", id: "sound", checked: sound.on(),
        onchange: (e) => { sound.set(e.target.checked); if (e.target.checked) chime(); } }), " Sound when it is my turn"),
      el("details", { class: "picture-box", open: pictureOpen, ontoggle: (e) => { pictureOpen = e.target.open; } },
        el("summary", {}, "Text picture and position code"),
        el("pre", { class: "picture", id: "picture", "aria-label": "Board as text" }, v.picture),
        el("p", { class: "help" }, "Position code: ", el("code", { id: "code" }, v.code))));
    const line = lastMoveLine(v);
    if (lastLine.textContent !== line) lastLine.textContent = line;
    keepInView(side.querySelector("#movelist"));
    restoreFocus(place);
    if (animate) animateLastMove(drawn);
    // A finished game's analysis comes by itself (computed once on the server).
    if (view.status.state === "over" && !analysing && reviewedMoves !== view.moves.length) analyse();
  }

  /** A text box with the legal moves as completions; a legal move typed is drawn on the board. */
  function moveBox(v, legal, drawn, svgNode) {
    const listId = "legal-moves";
    const input = el("input", { id: "move-input", list: listId, autocomplete: "off", spellcheck: "false",
      "aria-describedby": "move-input-help", placeholder: legal[0] });
    input.addEventListener("input", () => {
      const text = input.value.trim();
      previewPath(svgNode, drawn.centreOf, legal.includes(text) ? drawn.pathOf(text) : []);
    });
    const form = el("form", { class: "move-box", onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text) move(text);
    } },
    el("label", { for: "move-input" }, "Your move"),
    el("div", { class: "move-box-row" }, input, el("button", { type: "submit" }, "Play")),
    el("datalist", { id: listId }, legal.map((m) => el("option", { value: m }))),
    el("p", { class: "help", id: "move-input-help" }, `${plural(legal.length, "legal move")}: type the first cells to narrow them down.`));
    return form;
  }

  /** Whether this browser may take a move back at once: it holds a seat, something was
   * played, and nobody else plays (only the computer, or people at this screen); between people
   * a takeback is asked for instead. */
  function canUndo() {
    return !othersPlay() && view.moves.length > 0 && allTokens().length > 0;
  }

  /** The invitation's form: the name to show, and the button that takes the seat. */
  function joinCard() {
    const input = el("input", { id: "join-name", value: localStorage.getItem("tafel:name") || "", maxlength: 32, autocomplete: "nickname" });
    return el("form", { class: "join-card", id: "join-form", onsubmit: (e) => { e.preventDefault(); join(input.value.trim() || "Guest"); } },
      el("p", {}, "You are invited to play this game."),
      el("label", { for: "join-name" }, "Your name"),
      el("div", { class: "move-box-row" }, input, el("button", { type: "submit", id: "join" }, "Take the seat")));
  }

  /** A link that opens this browser's seats on another device (the token stays in the
   * fragment, which browsers never send to the server). */
  function otherDevice() {
    const seats = view.seats.filter((s) => mine(s.seat) && s.kind !== "local");
    if (!seats.length) return null;
    return el("details", { class: "other-device" }, el("summary", {}, "Play on another device"),
      seats.map((s) => el("div", { class: "invite" }, el("label", { for: `device-${s.seat}` }, `Your link for ${s.name} (keep it secret)`),
        el("input", { id: `device-${s.seat}`, readonly: true, value: `${location.origin}/game/${id}#seat=${s.seat}&token=${myToken(s.seat)}` }))));
  }

  /** First, back, forward, last: the replay buttons. */
  function replayControls(v) {
    const last = view.moves.length;
    const ply = v.ply;
    const button = (label, text, target, disabled) =>
      el("button", { class: "secondary", "aria-label": label, title: label, onclick: () => show(target), disabled }, text);
    return el("div", { class: "controls replay", id: "replay", role: "group", "aria-label": "Replay" },
      button("First position", "«", 0, ply === 0),
      button("Back", "‹", ply - 1, ply === 0),
      button("Forward", "›", ply + 1, ply === last),
      button("Last position", "»", null, ply === last));
  }

  /** The invitation links this browser holds for seats nobody has taken yet. */
  function invitations(v) {
    return Object.entries(held()).filter(([seat, h]) => h.invite && v.seats[seat] && !v.seats[seat].joined).map(([seat, h]) =>
      el("div", { class: "invite" }, el("label", { for: `invite-${seat}` }, `Invitation for ${v.seats[seat].name}: send this link`),
        el("input", { id: `invite-${seat}`, readonly: true, value: `${location.origin}/game/${id}#invite=${h.invite}` })));
  }

  /** On a narrow screen, shows a board whose click areas would be under MIN_TAP pixels zoomed
   * in (scrollable), with a button to see it whole. */
  function fitForTouch(scroll, svgNode, drawn) {
    const narrow = window.matchMedia("(max-width: 50rem)").matches;
    const units = svgNode.viewBox.baseVal.width;
    const width = scroll.clientWidth;
    if (!narrow || !drawn.minCell || !units || !width) return;
    const needed = (MIN_TAP / drawn.minCell) * units; // the board's width with big enough cells
    if (needed <= width) return;
    if (zoomed === null) zoomed = true;
    const toggle = el("button", { class: "secondary zoom-toggle", id: "zoom", "aria-pressed": String(zoomed),
      onclick: () => { zoomed = !zoomed; render({ animate: false }); } }, zoomed ? "Show the whole board" : "Zoom in");
    boardArea.append(toggle);
    if (!zoomed) return;
    scroll.classList.add("zoomed");
    svgNode.style.width = `${Math.ceil(needed)}px`;
    const focus = svgNode.querySelector(".movable, .last-move, [data-cell]");
    if (focus) {
      const box = focus.getBoundingClientRect();
      const frame = scroll.getBoundingClientRect();
      scroll.scrollLeft += box.left - frame.left - frame.width / 2 + box.width / 2;
      scroll.scrollTop += box.top - frame.top - frame.height / 2 + box.height / 2;
    }
  }

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    const ply = shownPly === null ? view.moves.length : shownPly;
    const target = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: null }[e.key];
    if (target === undefined || (e.key === "ArrowLeft" && ply === 0)) return;
    if (e.key !== "End" && target > view.moves.length) return;
    e.preventDefault();
    show(target);
  });

  // The running clock ticks between the server's views.
  setInterval(() => tick(document.getElementById("clocks"), view, receivedAt), 200);

  const live = follow(id, {
    hello: allTokens,
    onView: (v) => {
      pushes += 1;
      receivedAt = performance.now();
      if (JSON.stringify(v) === JSON.stringify(view)) return; // nothing new: keep any selection
      const othersMove = v.moves.length > view.moves.length && v.last_move && !myToken(v.last_move.seat);
      view = v;
      render({ animate: shownPly === null && othersMove });
    },
    onEvent: (message) => {
      if (message.type === "presence") {
        spectators = message.spectators;
        const line = document.getElementById("spectators");
        if (line) line.textContent = spectators ? ` · ${spectators} watching` : "";
      } else if (message.type === "joined") {
        if (mine(message.seat)) return; // the person who joined knows it
        notice = `${message.name} joined as ${view.seats[message.seat]?.name ?? `seat ${message.seat}`}.`;
        noticeLink = null;
        joinedSeat = message.seat;
        render({ animate: false });
      } else if (message.type === "rematch") {
        notice = "A rematch was asked for.";
        // The players take their seats with the Rematch button; anyone else may watch it.
        const playing = view.seats.some((s) => mine(s.seat));
        noticeLink = playing ? null : { href: `/game/${message.id}`, text: "Watch the rematch" };
        render({ animate: false });
      }
    },
    onError: (message) => showError(message),
    onState: (state) => {
      banner.hidden = state === "open";
      banner.textContent = state === "open" ? "" : "The connection to the server is lost. Reconnecting…";
      if (state === "open") showError("");
    },
  });
  render({ animate: false });
}

/** The game's settings in words, with the labels of the catalog ("Board size: 6 · Legal slides:
 * free"); settings that do not apply, and engine limits left at their defaults, are left out. */
function settingsLine(entry, settings) {
  return (entry?.settings || [])
    .filter((s) => !s.applies_when || settings[s.applies_when.key] === s.applies_when.value)
    .filter((s) => s.origin !== "engine" || settings[s.key] !== s.default)
    .map((s) => `${s.label}: ${settings[s.key]}`)
    .join(" · ");
}
