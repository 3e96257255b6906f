// Tafel's browser interface: the lobby (web/lobby/page.js) at "/", a game (web/game/page.js) at
// "/game/<id>" (with web/players/game-ratings.js for a rated game), a player (web/players/page.js)
// at "/@/<name>", the leaderboards (web/players/leaderboard.js) at "/leaderboard", the account
// pages (web/account/page.js) at "/sign-in", "/sign-up" and "/settings" (and
// web/account/recovery.js at "/reset-password" and "/verify-email"), the position editor
// (web/editor/page.js) at "/editor" and "/editor/<game>", the tournaments
// (web/tournaments/create.js) at "/tournaments" and one tournament (web/tournaments/page.js) at
// "/tournament/<id>" (a tournament's game, "/game/<id>?tournament=<tid>", gets
// web/tournaments/back.js), the moderators' page (web/moderation/page.js) at "/moderation", the
// tutorials (web/learn/page.js) at "/learn" and a game's course (web/learn/course.js) at
// "/learn/<game>", the puzzles (web/puzzles/page.js) at "/puzzles" and "/puzzles/<game>".
// Plain ES modules: no build step. Each game's board is drawn by its own module,
// web/boards/<game>.js (see web/boards/common.js for the module interface and the data
// attributes that tests rely on).

import "./theme.js";
import { el } from "./ui.js";
import { applyLanguage, t } from "./i18n.js";

applyLanguage();
const app = /** @type {HTMLElement} */ (document.getElementById("app")); // in the page shell
const match = location.pathname.match(/^\/game\/([a-z0-9]+)$/);
const player = location.pathname.match(/^\/@\/([^/]+)$/);
/** @type {Record<string, "signInPage" | "signUpPage" | "settingsPage">} */
const accountPages = { "/sign-in": "signInPage", "/sign-up": "signUpPage", "/settings": "settingsPage" };
/** @type {Record<string, "resetPasswordPage" | "verifyEmailPage">} */
const recoveryPages = { "/reset-password": "resetPasswordPage", "/verify-email": "verifyEmailPage" };
const recoveryPage = recoveryPages[location.pathname];
const accountPage = accountPages[location.pathname];
const course = location.pathname.match(/^\/learn\/([a-z-]+)$/);
const puzzles = location.pathname.match(/^\/puzzles\/([a-z-]+)$/);
const tournament = location.pathname.match(/^\/tournament\/([A-Za-z0-9]+)$/);
const fromTournament = new URLSearchParams(location.search).get("tournament");
const page = match
  ? import("./account/seats.js").then((m) => m.openAccountSeats(match[1]))
    .then(() => import("./game/page.js")).then((m) => m.gamePage(app, match[1]))
    .then(() => import("./players/game-ratings.js")).then((m) => m.showGameRatings(app, match[1]))
    .then(() => (fromTournament ? import("./tournaments/back.js").then((m) => m.backToTournament(app, match[1], fromTournament)) : undefined))
  : player ? import("./players/page.js").then((m) => m.playerPage(app, decodeURIComponent(player[1])))
  : /^\/editor(\/[a-z-]+)?$/.test(location.pathname) ? import("./editor/page.js").then((m) => m.editorPage(app))
  : course ? import("./learn/course.js").then((m) => m.coursePage(app, course[1]))
  : puzzles ? import("./puzzles/page.js").then((m) => m.puzzlePage(app, puzzles[1]))
  : location.pathname === "/puzzles" ? import("./puzzles/page.js").then((m) => m.puzzlesPage(app))
  : location.pathname === "/learn" ? import("./learn/page.js").then((m) => m.learnPage(app))
  : tournament ? import("./tournaments/page.js").then((m) => m.tournamentPage(app, tournament[1]))
  : location.pathname === "/tournaments" ? import("./tournaments/create.js").then((m) => m.tournamentsPage(app))
  : location.pathname === "/moderation" ? import("./moderation/page.js").then((m) => m.moderationPage(app))
  : location.pathname === "/leaderboard" ? import("./players/leaderboard.js").then((m) => m.leaderboardPage(app))
  : accountPage ? import("./account/page.js").then((m) => m[accountPage](app))
  : recoveryPage ? import("./account/recovery.js").then((m) => m[recoveryPage](app))
  : import("./lobby/page.js").then((m) => m.lobby(app));
page.catch((e) => app.replaceChildren(el("section", { class: "card" },
  el("p", { class: "error", role: "alert" }, e.message), el("a", { href: "/" }, t("Back to the lobby")))));
