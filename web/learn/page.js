// The tutorials' list at "/learn" (docs/learn.md): the six games, each with its summary, its
// progress (steps done of its course: this browser's, merged with the signed-in account's) and
// the way into its course at "/learn/<game>" (web/learn/course.js).

import { t, tn } from "../i18n.js";
import { api, el } from "../ui.js";
import { loadCourse, mergedProgress } from "./progress.js";

/** Draws the list of courses into `app`.
 * @param {HTMLElement} app */
export async function learnPage(app) {
  /** @type {{ games: import("../ui.js").CatalogGame[] }} */
  const catalog = await api("/api/catalog");
  const [courses, progress] = await Promise.all([Promise.all(catalog.games.map((g) => loadCourse(g.name))), mergedProgress()]);
  document.title = t("Learn to play · Tafel");
  app.replaceChildren(el("div", { class: "learn-index" },
    el("h1", {}, t("Learn to play")),
    el("p", { class: "help" }, t("A short course for each game, on the real board: one idea a step, each with a task to do. About five minutes a game.")),
    el("ul", { class: "learn-courses", id: "learn-courses" }, catalog.games.map((game, i) => {
      const steps = courses[i].steps.length;
      const done = Math.min(progress[game.name] ?? 0, steps);
      const action = done === 0 ? t("Start") : done < steps ? t("Continue") : t("Go over it again");
      return el("li", { class: "card learn-course", "data-game": game.name },
        el("h2", {}, el("a", { href: `/learn/${game.name}` }, game.title)),
        el("p", {}, game.summary),
        el("p", { class: "learn-done", "data-done": done },
          el("progress", { max: steps, value: done, "aria-label": t("Progress in {game}", { game: game.title }) }), " ",
          done === steps ? t("Done: all {n} steps.", { n: steps }) : tn(done, "{n} step of {count} done", "{n} steps of {count} done", { count: steps })),
        el("a", { class: `button${done ? " secondary" : ""}`, href: `/learn/${game.name}`, "aria-label": `${action}: ${game.title}` }, action));
    }))));
}
