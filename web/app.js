// Tafel's browser interface: a lobby (choose a game, its settings and who sits where; import a
// record; recent games) and a game page (board, legal moves, move list, replay, undo, records,
// invitation links), kept live over a WebSocket. Plain ES modules: no build step. Each game's
// board is drawn by its own module, web/boards/<game>.js (see web/boards/common.js for the
// module interface and the data attributes that tests rely on).

import { clickToMove, settingsOf } from "./boards/common.js";

const app = document.getElementById("app");

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
};

async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: options.body ? { "content-type": "application/json" } : {},
  });
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

const tokens = {
  load: (id) => JSON.parse(localStorage.getItem(`tafel:${id}`) || "{}"),
  save: (id, value) => localStorage.setItem(`tafel:${id}`, JSON.stringify(value)),
};

const originLabel = { reconstructed: "reconstructed", variant: "variant, not the designer's rules", engine: "engine limit" };

// ---------------------------------------------------------------- lobby

async function lobby() {
  const catalog = await api("/api/catalog");
  const gameSelect = el("select", { id: "game", "aria-label": "Game" },
    catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  const summary = el("p", { class: "help" });
  const settingsBox = el("div");
  const seatsBox = el("div");
  const error = el("p", { class: "error", role: "alert" });

  const currentGame = () => catalog.games.find((g) => g.name === gameSelect.value);
  const settingValues = () => {
    const out = {};
    for (const input of settingsBox.querySelectorAll("[data-key]")) out[input.dataset.key] = input.value.trim();
    return out;
  };

  async function refreshSeats() {
    error.textContent = "";
    const query = new URLSearchParams(settingValues());
    let names;
    try {
      names = await api(`/api/catalog/${currentGame().name}/seats?${query}`);
    } catch (e) {
      error.textContent = e.message;
      seatsBox.replaceChildren();
      return;
    }
    seatsBox.replaceChildren(...seatChoices("seat", names, currentGame().max_level, 1));
  }

  function refreshSettings() {
    const game = currentGame();
    summary.textContent = game.summary;
    settingsBox.replaceChildren(...game.settings.map((s) => {
      const badge = originLabel[s.origin] ? el("span", { class: "badge" }, originLabel[s.origin]) : "";
      const input = s.choices
        ? el("select", { id: `set-${s.key}`, "data-key": s.key, onchange: refreshSeats },
            s.choices.map((c) => el("option", { value: c, selected: c === s.default }, c)))
        : el("input", { id: `set-${s.key}`, "data-key": s.key, value: s.default, onchange: refreshSeats });
      return el("div", {}, el("label", { for: `set-${s.key}` }, s.key, badge), input,
        el("div", { class: "help" }, `${s.help} (${s.allowed})`));
    }));
    refreshSeats();
  }


  async function start() {
    error.textContent = "";
    try {
      const created = await api("/api/games", {
        method: "POST",
        body: JSON.stringify({ game: currentGame().name, settings: settingValues(), seats: seatRequests(seatsBox) }),
      });
      remember(created);
    } catch (e) {
      error.textContent = e.message;
    }
  }

  const importSeatsBox = el("div");
  const importError = el("p", { class: "error", role: "alert" });
  // The seats of the record's game, once the record names one (each a person at this screen
  // unless chosen otherwise, so that an imported game can be continued against the computer).
  // The seats' choices stay as they are while the record names the same game and settings
  // (a textarea reports "change" again each time it loses focus).
  let importKey = null;
  async function refreshImportSeats() {
    importError.textContent = "";
    try {
      const { game, settings } = recordGame(recordText.value);
      const key = JSON.stringify([game, settings]);
      if (key === importKey && importSeatsBox.querySelector("[data-seat]")) return;
      importKey = key;
      const names = await api(`/api/catalog/${game}/seats?${new URLSearchParams(settings)}`);
      const maxLevel = catalog.games.find((g) => g.name === game)?.max_level ?? 0;
      importSeatsBox.replaceChildren(el("h3", {}, "Seats"), ...seatChoices("import-seat", names, maxLevel, null));
    } catch (e) {
      importKey = null;
      importSeatsBox.replaceChildren();
      if (recordText.value.trim()) importError.textContent = e.message;
    }
  }
  const recordText = el("textarea", { id: "record", rows: 6, cols: 40, "aria-label": "Record to import", onchange: refreshImportSeats });
  const recordFile = el("input", { type: "file", "aria-label": "Record file", onchange: async (e) => {
    recordText.value = await e.target.files[0].text();
    refreshImportSeats();
  } });
  async function importRecord() {
    importError.textContent = "";
    try {
      if (!importSeatsBox.querySelector("[data-seat]")) await refreshImportSeats();
      const created = await api("/api/import", {
        method: "POST",
        body: JSON.stringify({ record: recordText.value, seats: seatRequests(importSeatsBox) }),
      });
      remember(created);
    } catch (e) {
      importError.textContent = e.message;
    }
  }

  const recent = el("tbody");
  api("/api/games").then((games) => recent.replaceChildren(...games.slice(0, 20).map((g) => el("tr", {},
    el("td", {}, el("a", { href: `/game/${g.id}` }, g.id)), el("td", {}, g.game), el("td", {}, `${g.moves} moves`),
    el("td", {}, g.result || "in progress")))));

  gameSelect.addEventListener("change", refreshSettings);
  app.replaceChildren(
    el("div", { class: "grid" },
      el("section", { class: "card" }, el("h2", {}, "New game"),
        el("label", { for: "game" }, "Game"), gameSelect, summary, settingsBox,
        el("h3", {}, "Seats"), seatsBox, el("p", {}, el("button", { id: "start", onclick: start }, "Start")), error),
      el("section", { class: "card" }, el("h2", {}, "Import a record"),
        el("p", { class: "help" }, "Paste a text or JSON record, or choose a file, to replay or continue it."),
        recordFile, recordText, importSeatsBox, el("p", {}, el("button", { id: "import", onclick: importRecord }, "Import")), importError),
      el("section", { class: "card" }, el("h2", {}, "Recent games"), el("table", { class: "recent" }, recent))));
  refreshSettings();
}

// The game and settings a record (text or JSON) names; the server checks the rest on import.
function recordGame(record) {
  const game = (record.match(/\[Game "([^"]+)"\]/) || [])[1] || (() => { try { return JSON.parse(record).game; } catch { return null; } })();
  const settings = {};
  const line = (record.match(/\[Settings "([^"]*)"\]/) || [])[1];
  if (line) for (const pair of line.split(/\s+/).filter(Boolean)) { const [k, v] = pair.split("="); settings[k] = v; }
  else { try { Object.assign(settings, JSON.parse(record).settings || {}); } catch { /* text without settings */ } }
  if (!game) throw new Error("the record names no game");
  return { game, settings };
}

// One select per seat: a person here, a person invited online, or the computer at a level.
// `computerSeat` (or null) is the seat preselected as the computer at level 1.
function seatChoices(prefix, names, maxLevel, computerSeat) {
  return names.map((name, i) => {
    const levels = [];
    for (let l = 1; l <= maxLevel; l++) {
      levels.push(el("option", { value: `computer:${l}`, selected: i === computerSeat && l === 1 }, `Computer, level ${l}`));
    }
    return el("div", {},
      el("label", { for: `${prefix}-${i}` }, name),
      el("select", { id: `${prefix}-${i}`, "data-seat": i },
        el("option", { value: "local" }, "Person at this screen"),
        el("option", { value: "invite" }, "Person invited online"),
        levels));
  });
}

// The seat requests chosen in the seat selects inside `box`.
const seatRequests = (box) => [...box.querySelectorAll("[data-seat]")].map((s) =>
  s.value.startsWith("computer:") ? { kind: "computer", level: Number(s.value.split(":")[1]) } : { kind: s.value });

function remember(created) {
  const held = {};
  for (const seat of created.seats) if (seat.token) held[seat.seat] = { kind: seat.kind, token: seat.token };
  tokens.save(created.id, held);
  location.href = `/game/${created.id}`;
}

// ---------------------------------------------------------------- game page

async function gamePage(id) {
  // An invitation link carries its seat's token in the fragment: #seat=1&token=...
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("token")) {
    const held = tokens.load(id);
    held[fragment.get("seat")] = { kind: "invite", token: fragment.get("token"), joined: true };
    tokens.save(id, held);
    history.replaceState(null, "", location.pathname);
  }
  let view = null;
  let shownPly = null; // null: follow the game; a number: replaying that ply
  let board = null; // the game's board module
  let catalogEntry = null; // the game's catalog entry (setting defaults)
  let pictureOpen = false; // whether the text picture is unfolded
  // Views pushed over the WebSocket so far. A request's answer is shown only if no push came
  // while it was under way: a push is never older than the answer, but an answer that arrives
  // late can be older than a push (the computer may already have replied).
  let pushes = 0;
  const fresh = async (request) => {
    const before = pushes;
    shownPly = null;
    const answer = await request;
    if (pushes === before) {
      view = answer;
      shownPly = null;
      render(view);
    }
  };
  const error = el("p", { class: "error", role: "alert" });
  const root = el("div");
  app.replaceChildren(root);

  const held = () => tokens.load(id);
  // A seat this browser may move for: local seats and invitations it joined.
  const myToken = (seat) => {
    const h = held()[seat];
    return h && (h.kind === "local" || h.joined) ? h.token : null;
  };

  async function show(ply) {
    shownPly = ply;
    const v = ply === null ? view : await api(`/api/games/${id}?ply=${ply}`);
    render(v);
  }

  async function move(text) {
    error.textContent = "";
    try {
      const token = myToken(view.status.seat);
      await fresh(api(`/api/games/${id}/moves`, { method: "POST", body: JSON.stringify({ token, move: text, ply: view.moves.length }) }));
    } catch (e) {
      error.textContent = e.message;
    }
  }

  async function undo() {
    error.textContent = "";
    const token = Object.keys(held()).map((seat) => myToken(seat)).find(Boolean);
    try {
      await fresh(api(`/api/games/${id}/undo`, { method: "POST", body: JSON.stringify({ token }) }));
    } catch (e) {
      error.textContent = e.message;
    }
  }

  function statusLine(v) {
    if (v.status.state === "over") return el("div", { class: "banner", id: "result", role: "status" }, `Game over: ${v.status.result}`);
    if (v.ply !== v.moves.length) return el("div", { class: "status" }, `Replaying: position after ${v.ply} of ${v.moves.length} moves`);
    if (v.status.state === "chance") return el("div", { class: "status" }, "Rolling the die…");
    const seat = v.seats[v.status.seat];
    if (seat.kind === "computer") {
      return el("div", { class: "status thinking", id: "turn" }, el("span", { class: "spinner", "aria-hidden": "true" }), `${v.status.name} (computer) is thinking…`);
    }
    const who = myToken(v.status.seat) ? `${v.status.name} to move — your turn` : `${v.status.name} to move`;
    return el("div", { class: `status${myToken(v.status.seat) ? " yours" : ""}`, id: "turn" }, who);
  }

  function render(v) {
    const ply = v.ply;
    const last = v.moves.length;
    const mine = v.status.state === "to_move" && ply === last && myToken(v.status.seat);
    const legal = el("div", { class: "moves-legal", id: "legal" },
      mine ? v.legal.map((m) => el("button", { "data-move": m, onclick: () => move(m) }, m)) : []);
    const moveInput = el("input", { id: "move-input", "aria-label": "Move in notation", placeholder: "move", disabled: !mine });
    const moveForm = el("form", { onsubmit: (e) => { e.preventDefault(); if (moveInput.value.trim()) move(moveInput.value.trim()); } },
      moveInput, " ", el("button", { type: "submit", disabled: !mine }, "Play"));
    const list = el("ol", { class: "movelist", id: "movelist" },
      v.moves.map((m, i) => el("li", { class: i + 1 === ply ? "current" : null }, m)));
    const go = (p) => show(p === last ? null : p);
    const controls = el("div", { class: "controls", id: "replay" },
      el("button", { class: "secondary", onclick: () => go(0), disabled: ply === 0, "aria-label": "First position" }, "First"),
      el("button", { class: "secondary", onclick: () => go(Math.max(0, ply - 1)), disabled: ply === 0, "aria-label": "Back" }, "Back"),
      el("button", { class: "secondary", onclick: () => go(Math.min(last, ply + 1)), disabled: ply === last, "aria-label": "Forward" }, "Forward"),
      el("button", { class: "secondary", onclick: () => go(last), disabled: ply === last, "aria-label": "Last position" }, "Last"));
    const canUndo = Object.keys(held()).some((seat) => myToken(seat)) && v.moves.length > 0;
    const invites = Object.entries(held()).filter(([, h]) => h.kind === "invite" && !h.joined).map(([seat, h]) =>
      el("div", { class: "invite" }, el("label", {}, `Invitation for ${v.seats[seat].name}`),
        el("input", { readonly: true, value: `${location.origin}/game/${id}#seat=${seat}&token=${h.token}` })));
    root.replaceChildren(
      el("h1", {}, v.title, " ", el("span", { class: "help" }, v.settings.map(([k, val]) => `${k}=${val}`).join(" "))),
      el("div", { class: "game" },
        el("section", {},
          statusLine(v),
          drawBoard(v, mine),
          el("details", { class: "picture-box", open: pictureOpen, ontoggle: (e) => { pictureOpen = e.target.open; } },
            el("summary", {}, "Text picture"),
            el("pre", { class: "picture", id: "picture", "aria-label": "Board as text" }, v.picture)),
          el("p", { class: "help" }, "Position code: ", el("code", { id: "code" }, v.code)),
          mine ? el("div", {}, el("strong", {}, "Legal moves:"), legal, moveForm) : "",
          error),
        el("aside", { class: "card" },
          el("h2", {}, "Players"),
          el("ul", {}, v.seats.map((s) => el("li", {}, `${s.name}: ${s.kind === "computer" ? `computer level ${s.level}` : s.kind === "local" ? "person at this screen" : "person online"}`))),
          el("h2", {}, "Moves"), list, controls,
          el("div", { class: "controls" },
            el("button", { class: "secondary", id: "undo", onclick: undo, disabled: !canUndo }, "Undo"),
            el("a", { href: `/api/games/${id}/record?format=text`, download: true, id: "download-text" }, "Record (text)"),
            el("a", { href: `/api/games/${id}/record?format=json`, download: true, id: "download-json" }, "Record (JSON)")),
          invites)));
  }

  // The game's SVG board, playable by clicks when it is this browser's turn at the last ply.
  function drawBoard(v, mine) {
    const box = el("div", { class: "board-box" });
    if (!board) return box;
    const drawn = board.draw(v, settingsOf(catalogEntry, v));
    drawn.svg.id = "board";
    drawn.svg.dataset.game = v.game;
    drawn.svg.dataset.code = v.code;
    drawn.svg.dataset.ply = v.ply;
    box.append(drawn.svg);
    if (drawn.extra) box.append(el("div", { class: "board-extra" }, drawn.extra));
    if (mine) clickToMove(drawn.svg, v.legal, drawn.pathOf, move);
    return box;
  }

  document.onkeydown = (e) => {
    if (!view || e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    const ply = shownPly === null ? view.moves.length : shownPly;
    if (e.key === "ArrowLeft" && ply > 0) show(ply - 1);
    if (e.key === "ArrowRight" && ply < view.moves.length) show(ply + 1 === view.moves.length ? null : ply + 1);
  };

  function connect() {
    const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${id}/ws`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        pushes += 1;
        if (JSON.stringify(message.view) === JSON.stringify(view)) return; // nothing new: keep any selection
        view = message.view;
        if (shownPly === null) render(view);
      } else if (message.type === "error") {
        error.textContent = message.error;
      }
    };
    socket.onclose = () => setTimeout(connect, 1000);
  }

  try {
    view = await api(`/api/games/${id}`);
    const [module, catalog] = await Promise.all([import(`./boards/${view.game}.js`), api("/api/catalog")]);
    board = module;
    catalogEntry = catalog.games.find((g) => g.name === view.game);
    render(view);
    connect();
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, e.message), el("a", { href: "/" }, "Back to the lobby"));
  }
}

const match = location.pathname.match(/^\/game\/([a-z0-9]+)$/);
(match ? gamePage(match[1]) : lobby()).catch((e) => app.replaceChildren(el("p", { class: "error" }, e.message)));
