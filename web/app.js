// Tafel's browser interface: the lobby (web/lobby/page.js) at "/", a game (web/game/page.js) at
// "/game/<id>", the account pages (web/account/page.js) at "/sign-in", "/sign-up" and
// "/settings". Plain ES modules: no build step. Each game's board is drawn by its own module,
// web/boards/<game>.js (see web/boards/common.js for the module interface and the data
// attributes that tests rely on).

import { el } from "./ui.js";

const app = document.getElementById("app");
const match = location.pathname.match(/^\/game\/([a-z0-9]+)$/);
const accountPages = { "/sign-in": "signInPage", "/sign-up": "signUpPage", "/settings": "settingsPage" };
const accountPage = accountPages[location.pathname];
const page = match
  ? import("./account/seats.js").then((m) => m.openAccountSeats(match[1]))
    .then(() => import("./game/page.js")).then((m) => m.gamePage(app, match[1]))
  : accountPage ? import("./account/page.js").then((m) => m[accountPage](app))
  : import("./lobby/page.js").then((m) => m.lobby(app));
page.catch((e) => app.replaceChildren(el("section", { class: "card" },
  el("p", { class: "error", role: "alert" }, e.message), el("a", { href: "/" }, "Back to the lobby"))));
