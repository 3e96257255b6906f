// The rules pages (/rules/<game>, rendered by crates/tafel-server/src/http/rules/): the colour
// theme, and each diagram drawn by the game's own board module from the position the server
// worked out (the figure's data-view, shaped as the game page's view), its last move marked as
// on the game page. The text picture stays where a board cannot be drawn.

import "./theme.js";

for (const figure of document.querySelectorAll("figure.rules-diagram[data-view]")) {
  drawDiagram(figure).catch(() => { /* the text picture stays */ });
}

/** Draws one figure's position with its game's board module, beside its die if it has one. */
async function drawDiagram(figure) {
  const board = await import(`./boards/${figure.dataset.game}.js`);
  const drawn = board.draw(JSON.parse(figure.dataset.view), JSON.parse(figure.dataset.settings));
  const box = document.createElement("div");
  box.className = "diagram-board";
  box.append(drawn.svg);
  if (drawn.extra) box.append(drawn.extra);
  figure.querySelector(".diagram-picture").replaceWith(box);
}
