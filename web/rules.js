// The rules pages (/rules/<game>, rendered by crates/tafel-server/src/http/rules/): the colour
// theme, and each diagram drawn by the game's own board module from the position the server
// worked out (the figure's data-view, shaped as the game page's view), its last move marked as
// on the game page. The text picture stays where a board cannot be drawn.

import "./theme.js";

for (const figure of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("figure.rules-diagram[data-view]"))) {
  drawDiagram(figure).catch(() => { /* the text picture stays */ });
}

/** Draws one figure's position with its game's board module, beside its die if it has one.
 * @param {HTMLElement} figure */
async function drawDiagram(figure) {
  const { game, view, settings } = figure.dataset;
  const picture = figure.querySelector(".diagram-picture");
  if (!view || !settings || !picture) return; // the server writes all three
  /** @type {import("./boards/common.js").BoardModule} */
  const board = await import(`./boards/${game}.js`);
  const drawn = board.draw(JSON.parse(view), JSON.parse(settings));
  const box = document.createElement("div");
  box.className = "diagram-board";
  box.append(drawn.svg);
  if (drawn.extra) box.append(drawn.extra);
  picture.replaceWith(box);
}
