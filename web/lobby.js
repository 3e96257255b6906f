// The lobby: choose a game, its settings (with their labels; settings that do not apply are
// hidden, reconstructions and variants labelled), who sits in each seat (levels that cannot
// play as they say are shown unavailable, with the reason), the clock, and whether the game is
// an open challenge; the open challenges to join in one click; import a record; recent games.

import { api, el, plural, sentence, tokens } from "./ui.js";

const ORIGIN_BADGE = {
  reconstructed: "reconstructed",
  variant: "variant, not the designer's rules",
  engine: "engine limit, not a rule",
};

/** Draws the lobby into `app`. */
export async function lobby(app) {
  document.title = "Tafel · play six little-known abstract games";
  const catalog = await api("/api/catalog");
  const gameSelect = el("select", { id: "game" },
    catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  const summary = el("p", { class: "help", id: "game-summary" });
  const note = el("div", { id: "lobby-note" });
  const settingsBox = el("div", { class: "settings" });
  const seatsBox = el("div", { class: "seats" });
  const levelNotes = el("div", { id: "level-notes" });
  const error = el("p", { class: "error", role: "alert", id: "lobby-error" });
  const startButton = el("button", { id: "start", onclick: start }, "Start");
  const nameInput = el("input", { id: "your-name", value: localStorage.getItem("tafel:name") || "", maxlength: 32, autocomplete: "nickname" });
  const clockSelect = el("select", { id: "clock" }, CLOCKS.map(([value, label]) => el("option", { value }, label)));
  const publicBox = el("input", { type: "checkbox", id: "public" });
  // Hints (the best move on request) are off unless asked for before a game against the
  // computer; the box shows only when a computer seat is chosen.
  const hintsBox = el("input", { type: "checkbox", id: "hints" });
  const hintsLabel = el("label", { class: "check", id: "hints-label", hidden: true }, hintsBox,
    " Hints: let me ask for the best move during the game");
  const againstComputer = () => [...seatsBox.querySelectorAll("[data-seat]")].some((s) => s.value.startsWith("computer:"));
  const refreshHints = () => { hintsLabel.hidden = !againstComputer(); };
  seatsBox.addEventListener("change", refreshHints);
  const yourName = () => {
    const name = nameInput.value.trim();
    localStorage.setItem("tafel:name", name);
    return name || null;
  };

  const currentGame = () => catalog.games.find((g) => g.name === gameSelect.value);
  /** The value of every setting shown (hidden ones keep their defaults). */
  const settingValues = () => {
    const out = {};
    for (const input of settingsBox.querySelectorAll("[data-key]")) {
      if (!input.closest("[hidden]")) out[input.dataset.key] = input.value.trim();
    }
    return out;
  };
  const valueOf = (key) => settingsBox.querySelector(`[data-key="${key}"]`)?.value;

  let refreshing = 0;
  /** Seats and levels for the settings chosen, and the game's note. */
  async function refreshSeats() {
    const ticket = ++refreshing;
    error.textContent = "";
    const game = currentGame();
    const query = new URLSearchParams(settingValues());
    let names;
    let levels;
    try {
      [names, levels] = await Promise.all([
        api(`/api/catalog/${game.name}/seats?${query}`),
        api(`/api/catalog/${game.name}/levels?${query}`),
      ]);
    } catch (e) {
      if (ticket !== refreshing) return;
      error.textContent = e.message;
      seatsBox.replaceChildren();
      return;
    }
    if (ticket !== refreshing) return;
    const previous = [...seatsBox.querySelectorAll("[data-seat]")].map((s) => s.value);
    seatsBox.replaceChildren(...seatChoices("seat", names, levels, 1, previous));
    refreshHints();
    const unavailable = levels.filter((l) => l.notice);
    levelNotes.replaceChildren(...unavailable.map((l) =>
      el("p", { class: "help level-note" }, el("strong", {}, `Computer level ${l.level} is not available here. `), withCode(sentence(l.notice)))));
    refreshNote(game);
  }

  /** The game's note for the lobby (the board module's `lobbyNote`), if it has one. */
  async function refreshNote(game) {
    const module = await import(`./boards/${game.name}.js`);
    const current = { ...Object.fromEntries(game.settings.map((s) => [s.key, s.default])), ...settingValues() };
    const text = module.lobbyNote?.(current);
    if (!text || currentGame() !== game) { note.replaceChildren(); return; }
    note.replaceChildren(el("div", { class: "note", role: "note" },
      el("p", {}, text.text, " ", el("a", { href: text.href }, text.linkText), "."),
      text.offer ? el("button", { class: "secondary", id: "offer", onclick: () => {
        for (const [key, value] of Object.entries(text.offer.settings)) {
          const input = settingsBox.querySelector(`[data-key="${key}"]`);
          if (input) input.value = value;
        }
        settingsChanged();
        startButton.focus();
      } }, text.offer.label) : null));
  }

  /** One control per setting, with its label, badge and help. */
  function refreshSettings() {
    const game = currentGame();
    seatsBox.replaceChildren();
    summary.replaceChildren(game.summary, " ", el("a", { href: `/rules/${game.name}`, id: "rules-link" }, `Rules of ${game.title}`));
    settingsBox.replaceChildren(...game.settings.map((s) => {
      const badge = ORIGIN_BADGE[s.origin] ? el("span", { class: `badge badge-${s.origin}` }, ORIGIN_BADGE[s.origin]) : "";
      const id = `set-${s.key}`;
      const control = s.choices || s.choices_by
        ? el("select", { id, "data-key": s.key, "aria-describedby": `${id}-help`, onchange: settingsChanged })
        : el("input", { id, "data-key": s.key, value: s.default, "aria-describedby": `${id}-help`, onchange: settingsChanged, autocomplete: "off" });
      if (s.choices) control.append(...s.choices.map((c) => el("option", { value: c, selected: c === s.default }, c)));
      return el("div", { class: "setting", "data-setting": s.key },
        el("label", { for: id }, s.label, badge),
        control,
        el("div", { class: "help", id: `${id}-help` }, s.choices || s.choices_by ? s.help : `${s.help} (${s.allowed})`));
    }));
    applyConditions();
    refreshSeats();
  }

  /** Hides the settings that do not apply and fills the choices that depend on another. */
  function applyConditions() {
    for (const s of currentGame().settings) {
      const box = settingsBox.querySelector(`[data-setting="${s.key}"]`);
      box.hidden = Boolean(s.applies_when) && valueOf(s.applies_when.key) !== s.applies_when.value;
      if (s.choices_by) {
        const select = box.querySelector("select");
        const words = s.choices_by.choices[valueOf(s.choices_by.key)] || [];
        const keep = words.includes(select.value) ? select.value : words.includes(s.default) ? s.default : words[0];
        select.replaceChildren(...words.map((w) => el("option", { value: w, selected: w === keep }, w)));
      }
    }
  }

  function settingsChanged() {
    applyConditions();
    refreshSeats();
  }

  async function start() {
    error.textContent = "";
    try {
      const created = await api("/api/games", {
        method: "POST",
        body: JSON.stringify({ game: currentGame().name, settings: settingValues(),
          seats: seatRequests(seatsBox, yourName(), hintsBox.checked && againstComputer()),
          time_control: timeControl(clockSelect.value), public: publicBox.checked }),
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
      const query = new URLSearchParams(settings);
      const [names, levels] = await Promise.all([
        api(`/api/catalog/${game}/seats?${query}`), api(`/api/catalog/${game}/levels?${query}`)]);
      importSeatsBox.replaceChildren(el("h3", {}, "Players"), ...seatChoices("import-seat", names, levels, null, []));
    } catch (e) {
      importKey = null;
      importSeatsBox.replaceChildren();
      if (recordText.value.trim()) importError.textContent = e.message;
    }
  }
  const recordText = el("textarea", { id: "record", rows: 5, "aria-label": "Record to import", onchange: refreshImportSeats });
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

  const recent = el("ul", { class: "recent", id: "recent" });
  const recentBox = el("section", { class: "card recent-card", "aria-labelledby": "recent-title" },
    el("h2", { id: "recent-title" }, "Recent games"), recent);
  api("/api/games?limit=20").then((games) => {
    if (!games.length) recent.replaceChildren(el("li", { class: "help" }, "No games yet."));
    else recent.replaceChildren(...games.map(recentItem));
  }).catch((e) => recent.replaceChildren(el("li", { class: "error" }, e.message)));

  const challenges = el("ul", { class: "recent", id: "challenges" });
  const challengeError = el("p", { class: "error", role: "alert", id: "challenge-error" });
  api("/api/challenges").then((open) => {
    if (!open.length) challenges.replaceChildren(el("li", { class: "help" }, "No open challenges now."));
    else challenges.replaceChildren(...open.map((c) => challengeItem(c, async (seat) => {
      challengeError.textContent = "";
      try {
        const joined = await api(`/api/games/${c.id}/join`, { method: "POST", body: JSON.stringify({ seat, name: yourName() || "Guest" }) });
        tokens.save(c.id, { [joined.seat]: { kind: "seat", token: joined.token, joined: true } });
        location.href = `/game/${c.id}`;
      } catch (e) {
        challengeError.textContent = e.message;
      }
    })));
  }).catch((e) => challenges.replaceChildren(el("li", { class: "error" }, e.message)));

  gameSelect.addEventListener("change", refreshSettings);
  app.replaceChildren(el("div", { class: "lobby" },
    el("section", { class: "card new-game", "aria-labelledby": "new-title" },
      el("h1", { id: "new-title" }, "New game"),
      el("label", { for: "game" }, "Game"), gameSelect, summary, note,
      el("h2", {}, "Settings"), settingsBox,
      el("h2", {}, "Players"), seatsBox, levelNotes,
      el("label", { for: "your-name" }, "Your name (shown to the other players)"), nameInput,
      el("label", { for: "clock" }, "Clock"), clockSelect,
      hintsLabel,
      el("label", { class: "check" }, publicBox, " List it as an open challenge (anyone may take the invited seat)"),
      el("p", {}, startButton), error),
    el("div", { class: "lobby-lists" },
      el("section", { class: "card challenges-card", "aria-labelledby": "challenges-title" },
        el("h2", { id: "challenges-title" }, "Open challenges"), challenges, challengeError),
      recentBox),
    el("section", { class: "card import-card", "aria-labelledby": "import-title" },
      el("h2", { id: "import-title" }, "Import a record"),
      el("p", { class: "help" }, "Paste a text or JSON record, or choose a file, to replay or continue it."),
      recordFile, recordText, importSeatsBox, el("p", {}, el("button", { id: "import", onclick: importRecord }, "Import")), importError)));
  refreshSettings();
}

/** One of the recent games: the game and its result, then players, moves and date. */
function recentItem(g) {
  const date = new Date(g.created_at);
  const when = Number.isNaN(date.getTime()) ? g.created_at : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  const who = (p) => (p.kind === "computer" ? `computer ${p.level}` : p.kind === "local" ? "here" : "online");
  const players = g.players.map((p) => `${p.name} (${p.player ? `${p.player}, ` : ""}${who(p)})`).join(" vs ");
  const moves = g.record_moves === null || g.record_moves === undefined ? plural(g.moves, "ply") : plural(g.record_moves, "move");
  return el("li", {},
    el("div", { class: "recent-head" }, el("a", { href: `/game/${g.id}` }, g.title || g.game),
      el("span", { class: g.result ? "recent-result" : "recent-result help" }, g.result || "in progress")),
    el("div", { class: "help" }, `${players} · ${moves} · `, el("time", { datetime: g.created_at }, when)));
}

/** The clocks offered: none, Fischer (minutes + seconds per move), correspondence. */
const CLOCKS = [
  ["none", "No clock"],
  ["fischer:180:0", "3+0 (3 minutes each)"],
  ["fischer:300:3", "5+3 (5 minutes, 3 seconds per move)"],
  ["fischer:900:10", "15+10"],
  ["correspondence:1", "Correspondence, 1 day per move"],
  ["correspondence:3", "Correspondence, 3 days per move"],
];

/** The API's time control for a choice of CLOCKS. */
function timeControl(choice) {
  const [kind, a, b] = choice.split(":");
  if (kind === "fischer") return { kind, initial_seconds: Number(a), increment_seconds: Number(b) };
  if (kind === "correspondence") return { kind, days_per_move: Number(a) };
  return { kind: "none" };
}

/** An open challenge: the game, who waits, the clock, and a button per free seat. */
function challengeItem(c, join) {
  const waiting = c.players.filter((p) => p.joined && p.kind !== "computer").map((p) => p.player || p.name).join(", ") || "Someone";
  const clock = c.time_control.kind === "none" ? "no clock"
    : c.time_control.kind === "fischer" ? `${c.time_control.initial_seconds / 60}+${c.time_control.increment_seconds}`
      : `${c.time_control.days_per_move} d per move`;
  return el("li", { "data-challenge": c.id },
    el("div", { class: "recent-head" }, el("span", {}, c.title || c.game), el("span", { class: "help" }, clock)),
    el("div", { class: "help" }, `${waiting} waits for an opponent.`),
    el("div", { class: "controls" }, c.players.filter((p) => !p.joined).map((p) =>
      el("button", { class: "secondary", "data-join": p.seat, onclick: () => join(p.seat) }, `Play ${p.name}`))));
}

/** Text with `code` spans as <code> elements. */
function withCode(text) {
  return text.split("`").map((part, i) => (i % 2 ? el("code", {}, part) : part));
}

// The game and settings a record (text or JSON) names; the server checks the rest on import.
function recordGame(record) {
  const game = (record.match(/\[Game "([^"]+)"\]/) || [])[1] || (() => { try { return JSON.parse(record).game; } catch { return null; } })();
  const settings = {};
  const line = (record.match(/\[Settings "([^"]*)"\]/) || [])[1];
  if (line) for (const pair of line.split(/\s+/).filter(Boolean)) { const [k, v] = pair.split("="); settings[k] = v; }
  else { try { Object.assign(settings, JSON.parse(record).settings || {}); } catch { /* text without settings */ } }
  if (!game) throw new Error("The record names no game: it needs a [Game \"...\"] tag.");
  return { game, settings };
}

// One select per seat: a person here, a person invited online, or the computer at a level
// (unavailable levels shown but disabled). `computerSeat` (or null) is the seat preselected as
// the computer at level 1; `previous` are the seats' earlier choices, kept where still possible.
function seatChoices(prefix, names, levels, computerSeat, previous) {
  return names.map((name, i) => {
    const wanted = previous[i] ?? (i === computerSeat ? "computer:1" : "local");
    const options = [
      el("option", { value: "local" }, "Person at this screen"),
      el("option", { value: "invite" }, "Person invited online (a link to send)"),
      ...levels.map((l) => el("option", { value: `computer:${l.level}`, disabled: Boolean(l.notice) },
        `Computer, level ${l.level}${l.notice ? " (unavailable)" : ""}`)),
    ];
    const select = el("select", { id: `${prefix}-${i}`, "data-seat": i }, options);
    const usable = options.find((o) => o.value === wanted && !o.disabled);
    select.value = usable ? wanted : "local";
    return el("div", { class: "seat" }, el("label", { for: `${prefix}-${i}` }, name), select);
  });
}

// The seat requests chosen in the seat selects inside `box`; the seats at this screen carry
// `name` when given, and `hints` when asked for.
const seatRequests = (box, name = null, hints = false) => [...box.querySelectorAll("[data-seat]")].map((s) =>
  s.value.startsWith("computer:") ? { kind: "computer", level: Number(s.value.split(":")[1]) }
    : s.value === "local" ? { kind: "local", ...(name ? { name } : {}), ...(hints ? { hints } : {}) } : { kind: s.value });

// Keeps the creator's seat tokens and the invitations to pass on, then opens the game.
function remember(created) {
  const held = {};
  for (const seat of created.seats) {
    if (seat.token) held[seat.seat] = { kind: seat.kind, token: seat.token };
    else if (seat.invite) held[seat.seat] = { kind: "invite", invite: seat.invite };
  }
  tokens.save(created.id, held);
  location.href = `/game/${created.id}`;
}
