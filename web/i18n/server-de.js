// German for the games' texts the server passes on as data (web/i18n.js, serverText()): the
// games' summaries, their settings' labels, help texts and choice words as /api/catalog gives
// them, the reasons the rules give for an ending, the results as records word them, and the
// games' reasons why a move, a setting, a position code or a record cannot be read (the
// `detail` of the server's messages). The server's own messages come in the page's language
// from its catalogues (crates/tafel-server/messages/). Keyed by the English text; a key with
// {parameters} is a pattern matched against the whole text, its parameters translated in turn
// (a side's name, a reason). e2e/german.test.js checks that every catalog text is here.

/** Exact texts: the catalog's and the rules' reasons, keyed by the English text. */
export const serverTextsDe = {
  // The games' summaries.
  "Extend one path with tiles; whoever runs it into the boundary loses (Larry Black, 1960).":
    "Verlängere einen Pfad mit Plättchen; wer ihn an den Rand führt, verliert (Larry Black, 1960).",
  "EinStein würfelt nicht without numbers: the die names a square size on Karl Scherer's tiling (Ingo Althöfer, 2006).":
    "EinStein würfelt nicht ohne Zahlen: der Würfel nennt eine Quadratgröße auf Karl Scherers Zerlegung (Ingo Althöfer, 2006).",
  "Slide tiles into the one empty cell; only slides that lower the total group value are legal; connect all your tiles to win (Mark Steere, 2025).":
    "Schiebe Steine in das eine leere Feld; erlaubt sind nur Züge, die den Gesamtgruppenwert senken; wer alle eigenen Steine verbindet, gewinnt (Mark Steere, 2025).",
  "Sow seeds, then cowries; cowries capture seeds from the opponent's holes (Ralf Gering, 2006).":
    "Säe Samen, dann Kauris; Kauris schlagen Samen aus den Mulden des Gegners (Ralf Gering, 2006).",
  "Draughts in four dimensions: men and flying kings on a 4x4x4x4 hypercube.":
    "Dame in vier Dimensionen: Steine und fliegende Damen auf einem 4x4x4x4-Hyperwürfel.",
  "Six numbered cubes a side on 5 x 5: the die names the cube, race it to the opposite corner or take every enemy cube (Ingo Althöfer, 2004).":
    "Sechs nummerierte Würfel je Seite auf 5 x 5: der Würfel nennt den Stein; bring ihn in die gegenüberliegende Ecke oder schlage alle gegnerischen (Ingo Althöfer, 2004).",

  // The settings' labels.
  "Board size": "Brettgröße",
  "Start edge": "Startkante",
  "Players": "Spieler",
  "Start squares": "Startfelder",
  "Who moves first": "Wer beginnt",
  "Start layout": "Startaufstellung",
  "When no slide is legal": "Wenn kein Schieben erlaubt ist",
  "Group value": "Gruppenwert",
  "Legal slides": "Erlaubte Schiebezüge",
  "Ply limit": "Halbzuggrenze",
  "Equal scores": "Gleichstand",
  "Setup": "Aufstellung",
  "Start arrangement": "Startaufstellung",

  // The settings' help texts and the forms of free values.
  "the board's rows and columns": "Zeilen und Spalten des Bretts",
  "ROWSxCOLUMNS, at most 1024 squares (e.g. 8x8, 3x5, 1x7)": "ZEILENxSPALTEN, höchstens 1024 Felder (z. B. 8x8, 3x5, 1x7)",
  "the unit edge on the boundary where the path begins": "die Einheitskante am Rand, an der der Pfad beginnt",
  "ROW,COLUMN,SIDE: a side of a square on the boundary (0-based, N E S W)":
    "ZEILE,SPALTE,SEITE: eine Seite eines Randfelds (ab 0 gezählt, N E S W)",
  "two players, or four in two teams (NW + SE against NE + SW)": "zwei Spieler, oder vier in zwei Teams (NW + SO gegen NO + SW)",
  "Black's six start squares with two players; White's are their half-turn image":
    "die sechs Startfelder von Schwarz bei zwei Spielern; die von Weiß sind ihr um eine halbe Drehung gedrehtes Bild",
  "four players: the four squares inside one's own quarter, or the corner square and its three forward neighbours":
    "vier Spieler: die vier Felder im eigenen Viertel, oder das Eckfeld und seine drei Nachbarn nach vorn",
  "who moves first (the original: White, or the loser of the previous game); with four players a corner, and white and black also name the se and nw corners":
    "wer beginnt (im Original Weiß, oder wer die vorige Partie verloren hat); bei vier Spielern eine Ecke, white und black nennen auch die Ecken se und nw",
  "cells along each edge of the square board (even)": "Felder je Kante des quadratischen Bretts (gerade)",
  "start layout (the original diagram is lost): checkerboard split by the bubble's diagonal, by halves, or by alternating rows":
    "Startaufstellung (das Originaldiagramm ist verloren): Schachbrett, geteilt an der Diagonale der Lücke, in Hälften oder in abwechselnden Reihen",
  "when no slide is legal the game ends: drawn, or lost by the player to move (our ruling: the original assumes this never happens)":
    "wenn kein Schieben erlaubt ist, endet die Partie: Remis, oder verloren für den, der am Zug ist (unsere Regelung: das Original nimmt an, dass es nie vorkommt)",
  "group value: sum of the N-1 smallest pair distances (the designer's rule), or mst = minimum spanning tree weight (variant, not the designer's rule)":
    "Gruppenwert: Summe der N-1 kleinsten Paarabstände (die Regel des Autors), oder mst = Gewicht des minimalen Spannbaums (Variante, nicht die Regel des Autors)",
  "legal slides: literal = must lower the total group value (the designer's rule), or free = any slide that does not recreate an earlier position (variant, not the designer's rule)":
    "erlaubte Schiebezüge: literal = muss den Gesamtgruppenwert senken (die Regel des Autors), oder free = jeder Zug, der keine frühere Stellung wiederholt (Variante, nicht die Regel des Autors)",
  "under rule=free only, the game is drawn after this many plies": "nur mit rule=free: nach so vielen Halbzügen endet die Partie remis",
  "a whole number of plies, 0 = no limit": "eine ganze Zahl von Halbzügen, 0 = keine Grenze",
  "equal scores: none = draw; old = play on with the cowries until a player cannot move":
    "Gleichstand: none = Remis; old = mit den Kauris weiterspielen, bis ein Spieler nicht mehr ziehen kann",
  "end the game after this many plies, scored on captured seeds": "die Partie nach so vielen Halbzügen beenden, gewertet nach geschlagenen Samen",
  "a number of plies, 0 = no limit": "eine Zahl von Halbzügen, 0 = keine Grenze",
  "where the eight men beyond each side's first row stand (the drawing is lost)":
    "wo die acht Steine jeder Seite jenseits der ersten Reihe stehen (die Zeichnung ist verloren)",
  "draw the game after this many plies (the rules have no limit)": "die Partie nach so vielen Halbzügen remis geben (die Regeln kennen keine Grenze)",
  "a number of plies, 0 for none": "eine Zahl von Halbzügen, 0 für keine",
  "random: each side's six cubes are shuffled onto its corner (as OpenSpiel); placement: each player arranges his own, the first mover first (as in the original, where both choose)":
    "random: die sechs Würfel jeder Seite werden zufällig in ihre Ecke gestellt (wie OpenSpiel); placement: jeder stellt seine selbst auf, wer beginnt zuerst (wie im Original, wo beide wählen)",
  "who rolls and moves first: White (bottom right), as OpenSpiel, or Black (top left); the original leaves it to the players":
    "wer zuerst würfelt und zieht: Weiß (unten rechts), wie OpenSpiel, oder Schwarz (oben links); das Original überlässt es den Spielern",

  // The settings' choice words (shown with the value, which is what is sent and what the help names).
  "quadrant": "Viertel",
  "corner": "Ecke",
  "white": "Weiß",
  "black": "Schwarz",
  "diag": "Diagonale",
  "halves": "Hälften",
  "rows": "Reihen",
  "draw": "Remis",
  "mover-loses": "am Zug verliert",
  "sum": "Summe",
  "mst": "Spannbaum",
  "literal": "wörtlich",
  "free": "frei",
  "none": "keine",
  "old": "alte Regel",
  "diagonals": "Diagonalen",
  "central": "zentral",
  "corners": "Ecken",
  "bottom": "unten",
  "random": "zufällig",
  "placement": "selbst aufstellen",

  // The reasons the rules give for an ending (each game's REASON_* constants).
  "no pieces left": "keine Steine mehr",
  "no legal move": "kein erlaubter Zug",
  "the path ran into the boundary": "der Pfad ist an den Rand gestoßen",
  "all Red tiles are connected": "alle roten Steine sind verbunden",
  "all Blue tiles are connected": "alle blauen Steine sind verbunden",
  "no slide lowers the total group value: draw": "kein Schiebezug senkt den Gesamtgruppenwert: Remis",
  "no slide lowers the total group value: the player to move loses": "kein Schiebezug senkt den Gesamtgruppenwert: wer am Zug ist, verliert",
  "every slide would repeat a position: draw": "jeder Schiebezug würde eine Stellung wiederholen: Remis",
  "every slide would repeat a position: the player to move loses": "jeder Schiebezug würde eine Stellung wiederholen: wer am Zug ist, verliert",
  "ply limit reached": "Halbzuggrenze erreicht",
  "reached the opposite corner": "gegenüberliegende Ecke erreicht",
  "took all the opponent's cubes": "alle Würfel des Gegners geschlagen",
  "the opponents have no stone left": "die Gegner haben keinen Stein mehr",
  "no seed left": "keine Samen mehr",
  "position repeated": "Stellung wiederholt",
  "tie-break: no move left": "Stichentscheid: kein Zug mehr",
  "agreed": "vereinbart",

  // A position code whose position cannot happen (Karl's Race, EinStein).
  "both sides meet a winning condition": "beide Seiten erfüllen eine Siegbedingung",

  // The games' reasons why a typed move cannot be read (crates/tafel-games/src/*/notation.rs).
  "the game is over": "die Partie ist vorbei",
  "expected a tile 1, 2 or 3, or an exit side N, E, S or W": "erwartet: ein Plättchen 1, 2 oder 3 oder eine Ausgangsseite N, E, S oder W",
  "expected a die value 1 to 6, a step FROM-TO such as b4-c3, or an arrangement of six digits such as 614325":
    "erwartet: eine Augenzahl 1 bis 6, einen Schritt VON-NACH wie b4-c3 oder eine Aufstellung aus sechs Ziffern wie 614325",
  "a die shows 1 to 6": "ein Würfel zeigt 1 bis 6",
  "expected a die value 1 to 6, a step FROM-TO such as U-S, or pass": "erwartet: eine Augenzahl 1 bis 6, einen Schritt VON-NACH wie U-S oder pass",
  "expected a hole a..f or A..F, or `pass`": "erwartet: eine Mulde a..f oder A..F oder `pass`",
  "expected FROM-TO (2233-2323) or a capture FROMxLANDINGx... (3333x1111x3311)":
    "erwartet: VON-NACH (2233-2323) oder einen Schlag VONxLANDEFELDx... (3333x1111x3311)",
  "a move is either FROM-TO or a capture with `x` between cells, not both": "ein Zug ist entweder VON-NACH oder ein Schlag mit `x` zwischen den Feldern, nicht beides",
  "a step or slide names two cells, FROM-TO": "ein Schritt oder Gleiten nennt zwei Felder, VON-NACH",
  "expected a cell such as b6: a file letter, then a rank number": "erwartet: ein Feld wie b6, erst der Buchstabe der Linie, dann die Nummer der Reihe",

  // The games' reasons why a setting, a position code or a record cannot be read (the games'
  // settings.rs, code.rs, movetext.rs, grid.rs, and tafel_core's records; e2e/i18n.test.js).
  "ROW,COLUMN,SIDE such as 0,0,W": "ZEILE,SPALTE,SEITE wie 0,0,W",
  "ROWSxCOLUMNS such as 8x8": "ZEILENxSPALTEN wie 8x8",
  "a whole number of plies (0 = no limit)": "eine ganze Zahl von Halbzügen (0 = keine Grenze)",
  "a whole number of plies (0 for none)": "eine ganze Zahl von Halbzügen (0 für keine)",
  "a number of plies (0 = no limit)": "eine Zahl von Halbzügen (0 = keine Grenze)",
  "white or black (two players), or se, sw, nw or ne (four players)": "white oder black (zwei Spieler), oder se, sw, nw oder ne (vier Spieler)",
  "with two players only white or black can start": "bei zwei Spielern kann nur white oder black beginnen",
  "the side to move must be `r` or `b`": "die Seite am Zug muss `r` oder `b` sein",
  "a second bubble: there is exactly one empty cell": "eine zweite Lücke: es gibt genau ein leeres Feld",
  "no bubble: exactly one cell must be empty (`.`)": "keine Lücke: genau ein Feld muss leer sein (`.`)",
  "each colour needs at least two tiles": "jede Farbe braucht mindestens zwei Steine",
  "expected the side to move, `:` and the rows, such as r:.BGB/RGBG/...": "erwartet: die Seite am Zug, `:` und die Reihen, wie r:.BGB/RGBG/...",
  " and optionally the plies played": " und wahlweise die gespielten Halbzüge",
  " and optionally the plies played and the earlier positions' hashes": " und wahlweise die gespielten Halbzüge und die Hashes der früheren Stellungen",
  " to the ply limit {limit}": " bis zur Halbzuggrenze {limit}",
  "expected the side to act (w or b, with the die or s), `:`, then the board's five ranks from the top separated by `/`":
    "erwartet: die Seite, die handelt (w oder b, mit dem Würfel oder s), `:`, dann die fünf Reihen des Bretts von oben, getrennt durch `/`",
  "w or b, then Black's squares, then White's": "w oder b, dann die Felder von Schwarz, dann die von Weiß",
  "se, sw, nw or ne, then the squares of NW, NE, SW and SE": "se, sw, nw oder ne, dann die Felder von NW, NO, SW und SO",
  "4 or 5 fields SIDE/ROW/ROW/STORES[/PLIES]": "4 oder 5 Felder SEITE/REIHE/REIHE/GEWINNMULDEN[/HALBZÜGE]",
  "4 fields SIDE/ROW/ROW/STORES (PLIES only under a ply limit)": "4 Felder SEITE/REIHE/REIHE/GEWINNMULDEN (HALBZÜGE nur mit einer Halbzuggrenze)",
  "stores must be FIRST,SECOND such as 0,0": "die Gewinnmulden müssen ERSTER,ZWEITER sein, wie 0,0",
  "plies must be a whole number": "die Halbzüge müssen eine ganze Zahl sein",
  "expected `w:` or `b:` (the side to move) and 16 boards separated by `/`": "erwartet: `w:` oder `b:` (die Seite am Zug) und 16 Bretter, getrennt durch `/`",
  "move number too large": "Zugnummer zu groß",
  "`-` must join two plies, as in `d-a-f`": "`-` muss zwei Halbzüge verbinden, wie in `d-a-f`",
  "the record ends with `-`": "die Aufzeichnung endet mit `-`",
  "`-` must be followed by a ply": "auf `-` muss ein Halbzug folgen",
  "a record starts with the move number `1.`": "eine Aufzeichnung beginnt mit der Zugnummer `1.`",
  "the first player's ply comes before the second player's in a move": "in einem Zug kommt der Halbzug des ersten Spielers vor dem des zweiten",
  "a chain `-` joins plies of one player": "eine Kette `-` verbindet Halbzüge eines Spielers",
  "the scores differ": "die Punktzahlen sind verschieden",
  "the game is not drawn": "die Partie ist nicht remis",
  "the winner's score comes first": "die Punktzahl des Siegers kommt zuerst",
  "the game is drawn": "die Partie ist remis",
  "the stores say otherwise": "die Gewinnmulden sagen etwas anderes",
  "captures nothing": "schlägt nichts",
  "a comment `{` has no closing `}`": "ein Kommentar `{` hat kein schließendes `}`",
  "the start position belongs to another game": "die Startstellung gehört zu einem anderen Spiel",
  "a tag line must look like [Name \"value\"]": "eine Tag-Zeile muss wie [Name \"value\"] aussehen",
  "a tag needs a name and a quoted value": "ein Tag braucht einen Namen und einen Wert in Anführungszeichen",
  "the tag's value must be in double quotes": "der Wert eines Tags steht in doppelten Anführungszeichen",
  "resignation": "Aufgabe",
  "agreement": "Einigung",
  "time forfeit": "Zeitüberschreitung",
  "aborted": "Abbruch",
  "rules infraction": "Regelverstoß",
};

/** Patterns: texts with parameters, matched against the whole text the server sent; each
 * parameter is translated in turn (a side's name, a reason; `{names}` is names joined with
 * "and", each translated). */
export const serverPatternsDe = {
  // Results as the rules and records word them (tafel_core::record).
  "{names} wins {scores} ({reason})": "{names} gewinnt {scores} ({reason})",
  "{names} win {scores} ({reason})": "{names} gewinnen {scores} ({reason})",
  "{names} wins ({reason})": "{names} gewinnt ({reason})",
  "{names} win ({reason})": "{names} gewinnen ({reason})",
  "draw {scores} ({reason})": "Remis {scores} ({reason})",
  "draw ({reason})": "Remis ({reason})",
  "aborted ({name} did not move in time)": "abgebrochen ({name} hat nicht rechtzeitig gezogen)",
  "{names} resigned": "Aufgabe durch {names}",
  "{name} ran out of time": "Zeit abgelaufen: {name}",
  "{name} forfeited": "{name} hat die Partie verwirkt",

  // A computer level that cannot play as it says (tafel_ai's notice; the engine's words and the
  // operator's command stay as they are).
  "no perfect play: {why}; playing {instead}": "kein perfektes Spiel: {why}; stattdessen spielt {instead}",
  "no {game} table at {path}: build it with `{command}` ({cost})": "keine Tabelle für {game} unter {path}: zu bauen mit `{command}` ({cost})",
  "a few minutes, 2.3 GB of memory and of disk": "einige Minuten, 2,3 GB Speicher und Platte",
  "rule=free (a variant) forbids recreating any earlier position, so what a position allows depends on the whole game before it: its game tree is not a graph of positions and is out of reach of this solver (use rule=literal)":
    "rule=free (eine Variante) verbietet, eine frühere Stellung wiederherzustellen; was eine Stellung erlaubt, hängt also von der ganzen Partie davor ab: ihr Spielbaum ist kein Graph von Stellungen und für diesen Löser außer Reichweite (nimm rule=literal)",
  "only the two-player game of Karl's Race is solved": "nur das Spiel zu zweit von Karl's Race ist gelöst",
  "{game} is not solved": "{game} ist nicht gelöst",
  // The engine's words (tafel_ai's Algorithm and Leaf).
  "random moves": "zufällige Züge",
  "alpha-beta, depth {depth} or {nodes} nodes, {leaf}": "Alpha-Beta, Tiefe {depth} oder {nodes} Knoten, {leaf}",
  "expectimax (Star1), depth {depth} or {nodes} nodes, {leaf}": "Expectimax (Star1), Tiefe {depth} oder {nodes} Knoten, {leaf}",
  "MCTS, {iterations} iterations, {leaf}": "MCTS, {iterations} Iterationen, {leaf}",
  "the game's evaluation at the leaves": "die Bewertung des Spiels an den Blättern",
  "one random playout per leaf": "ein zufälliges Ausspielen je Blatt",
  "{n} random playouts per leaf": "{n} zufällige Ausspielungen je Blatt",
  "random playouts cut after {n} plies and valued by the game's evaluation": "zufällige Ausspielungen, nach {n} Halbzügen abgebrochen und mit der Bewertung des Spiels bewertet",

  // The games' reasons why a typed move cannot be read, and the sentence around them
  // (tafel_core::notation::ParseError).
  "invalid move `{input}` at character {at}: {reason}": "ungültiger Zug `{input}` bei Zeichen {at}: {reason}",
  "invalid move `{input}`: {reason}": "ungültiger Zug `{input}`: {reason}",
  "invalid cell `{input}` at character {at}: {reason}": "ungültiges Feld `{input}` bei Zeichen {at}: {reason}",
  "invalid cell `{input}`: {reason}": "ungültiges Feld `{input}`: {reason}",
  "the path enters through {entry}, so it cannot leave through {side}": "der Pfad kommt durch {entry} herein und kann daher nicht durch {side} hinaus",
  "`{name}` is not a square (a1 to e5)": "`{name}` ist kein Feld (a1 bis e5)",
  "`{letter}` is not a square (A to U)": "`{letter}` ist kein Feld (A bis U)",
  "no {side} piece on {cell}": "kein Stein von {side} auf {cell}",
  "no piece between {from} and {to}": "kein Stein zwischen {from} und {to}",
  "more than one piece between {from} and {to}": "mehr als ein Stein zwischen {from} und {to}",
  "{cell} is not on a line with {other}": "{cell} liegt nicht auf einer Linie mit {other}",
  "{cell} is not an opponent's piece": "auf {cell} steht kein gegnerischer Stein",
  "{cell} is jumped twice": "{cell} wird zweimal übersprungen",
  "{cell} is not empty": "{cell} ist nicht leer",
  "`{ch}` in cell `{text}` is not a digit 1 to 4": "`{ch}` im Feld `{text}` ist keine Ziffer von 1 bis 4",
  "a cell is four digits xyab, got `{text}`": "ein Feld hat vier Ziffern xyab, nicht `{text}`",
  "cell {text} is not playable (its digit sum is odd)": "Feld {text} ist nicht bespielbar (seine Quersumme ist ungerade)",
  "there is no file {file} on a {n} x {n} board (files a to {last})": "auf einem Brett {n} x {n} gibt es keine Linie {file} (Linien a bis {last})",
  "there is no rank {rank} on a {n} x {n} board (ranks 1 to {n})": "auf einem Brett {n} x {n} gibt es keine Reihe {rank} (Reihen 1 bis {n})",
  // The games' reasons why a setting, a position code or a record cannot be read, and the
  // sentences around them (the games' settings.rs, code.rs, movetext.rs, grid.rs; tafel_core's
  // settings and records; the position editor's place of the fault, http/api/positions.rs).
  "{rows} rows, but the board has {n} (set size= to match)": "{rows} Reihen, aber das Brett hat {n} (passe size= an)",
  "row {row} has {count} squares, but the board has {cols} columns": "Reihe {row} hat {count} Felder, aber das Brett hat {cols} Spalten",
  "`{ch}` is not `.`, `1`, `2` or `3`": "`{ch}` ist nicht `.`, `1`, `2` oder `3`",
  "the tile on row {row}, column {col} is not on the path from the start edge": "das Plättchen in Reihe {row}, Spalte {col} liegt nicht auf dem Pfad von der Startkante",
  "that side of that square is not on the boundary of a {size} board": "diese Seite dieses Felds liegt nicht am Rand eines Bretts {size}",
  "`{text}` is not a row or column number": "`{text}` ist keine Zeilen- oder Spaltennummer",
  "`{text}` is not a side (N, E, S or W)": "`{text}` ist keine Seite (N, E, S oder W)",
  "expected the side to move, `:` and the rows{extra}, such as r:.BGB/RGBG/...": "erwartet: die Seite am Zug, `:` und die Reihen{extra}, wie r:.BGB/RGBG/...",
  "the plies played must be a whole number from 0{bound}": "die gespielten Halbzüge müssen eine ganze Zahl ab 0 sein{bound}",
  "`{text}` is not a number of plies": "`{text}` ist keine Zahl von Halbzügen",
  "rank {rank} has {count} cells, but the board has {n} files": "Reihe {rank} hat {count} Felder, aber das Brett hat {n} Linien",
  "`{ch}` is not R, B, G or . (the bubble)": "`{ch}` ist nicht R, B, G oder . (die Lücke)",
  "Red has {red} tiles and Blue {blue}: the numbers must be equal": "Rot hat {red} Steine und Blau {blue}: die Anzahlen müssen gleich sein",
  "the plies played must be a whole number from 0 to the ply limit {limit}": "die gespielten Halbzüge müssen eine ganze Zahl von 0 bis zur Halbzuggrenze {limit} sein",
  "the board side must be even, from 4 to {max}": "die Brettseite muss gerade sein, von 4 bis {max}",
  "{name} is to arrange its cubes, so none of them can be on the board yet": "{name} stellt gerade die Würfel auf, also darf noch keiner davon auf dem Brett stehen",
  "before the game starts, {name}'s six cubes stand on its corner ({squares})": "vor Beginn der Partie stehen die sechs Würfel von {name} in der eigenen Ecke ({squares})",
  "with these settings {name} arranges its cubes first": "mit diesen Einstellungen stellt {name} die Würfel zuerst auf",
  "with these settings {name} arranges its cubes second": "mit diesen Einstellungen stellt {name} die Würfel als Zweites auf",
  "with these settings {name} arranges its cubes {order}": "mit diesen Einstellungen stellt {name} die Würfel auf: {order}",
  "each side must be a whole number from 1 to {max}": "jede Seite muss eine ganze Zahl von 1 bis {max} sein",
  "at most {max} squares, got {count}": "höchstens {max} Felder, nicht {count}",
  "expected {count} fields separated by `:` ({sides}), found {found}": "erwartet: {count} Felder, getrennt durch `:` ({sides}), gefunden: {found}",
  "{name}'s field is empty: write `-` for no stones": "das Feld von {name} ist leer: schreib `-` für keine Steine",
  "square {square} holds two stones": "auf Feld {square} stehen zwei Steine",
  "{name} has {count} stones, but a player starts with {start}": "{name} hat {count} Steine, aber ein Spieler beginnt mit {start}",
  "{fields} fields separated by `/`, expected {expected}": "{fields} Felder, getrennt durch `/`, erwartet: {expected}",
  "side to move `{other}` is not `a` (first player) or `A` (second)": "Seite am Zug `{other}` ist nicht `a` (erster Spieler) oder `A` (zweiter)",
  "a row has 6 holes separated by `,`, found {count}": "eine Reihe hat 6 Mulden, getrennt durch `,`, gefunden: {count}",
  "hole `{hole}` is not SEEDS+COWRIES such as 5+1 (counts up to 60)": "Mulde `{hole}` ist nicht SAMEN+KAURIS wie 5+1 (Anzahlen bis 60)",
  "the board and stores hold {n} seeds, but the game has 60": "Brett und Gewinnmulden enthalten {n} Samen, aber das Spiel hat 60",
  "the board holds {n} cowries, but the game has 12": "das Brett enthält {n} Kauris, aber das Spiel hat 12",
  "`{ch}` is not o, O, x, X, `.` or 1..8": "`{ch}` ist nicht o, O, x, X, `.` oder 1..8",
  "board {n} has more than 8 cells": "Brett {n} hat mehr als 8 Felder",
  "a man on {cell} stands on its promotion row": "ein Stein auf {cell} steht auf seiner Umwandlungsreihe",
  "board {n} has {filled} cells, expected 8": "Brett {n} hat {filled} Felder, erwartet: 8",
  "{n} boards, expected 16 separated by `/`": "{n} Bretter, erwartet: 16, getrennt durch `/`",
  "a number must be a move number such as `{n}.`": "eine Zahl muss eine Zugnummer sein, wie `{n}.`",
  "`{c}` without a closing `{close}`": "`{c}` ohne schließendes `{close}`",
  "`{word}` is not a ply (a..f, A..F or pass)": "`{word}` ist kein Halbzug (a..f, A..F oder pass)",
  "unexpected `{c}`": "unerwartetes `{c}`",
  "found move number {n} where {wanted} was expected": "Zugnummer {n} gefunden, wo {wanted} erwartet war",
  "two plies by the {side} in one move must be chained with `-`": "zwei Halbzüge derselben Seite ({side}) in einem Zug müssen mit `-` verkettet werden",
  "`{text}` is a ply of the {side}, but the {other} is to move and need not pass": "`{text}` ist ein Halbzug für: {side}; am Zug ist aber: {other}, und muss nicht passen",
  "`({inner})` is not a capture annotation such as (+2), (-1) or (+1;-1)": "`({inner})` ist keine Schlagangabe wie (+2), (-1) oder (+1;-1)",
  "`({inner})` does not follow a ply": "`({inner})` folgt keinem Halbzug",
  "`{ply}` {captures}, but the record says ({inner})": "`{ply}` {captures}, aber die Aufzeichnung sagt ({inner})",
  "`{ply}` {captures}, but the record gives no annotation": "`{ply}` {captures}, aber die Aufzeichnung gibt nichts an",
  "captures {d} and loses {i}": "schlägt {d} und verliert {i}",
  "captures {d}": "schlägt {d}",
  "loses {i}": "verliert {i}",
  "result line `{line}` is not `NAME won by W : L points` or `Draw by N : N points`": "die Ergebniszeile `{line}` ist nicht `NAME won by W : L points` oder `Draw by N : N points`",
  "the result line claims {claim} but {why} (stores: first player {first}, second player {second})":
    "die Ergebniszeile behauptet {claim}, aber {why} (Gewinnmulden: erster Spieler {first}, zweiter Spieler {second})",
  "a draw by {a} : {b}": "ein Remis mit {a} : {b}",
  "a win of player {p} by {w} : {l}": "einen Sieg von Spieler {p} mit {w} : {l}",
  "a win by {w} : {l}": "einen Sieg mit {w} : {l}",
  "the record is for `{name}`, not `{game}`": "die Aufzeichnung ist für `{name}`, nicht für `{game}`",
  "the record's result is `{claimed}` but the moves give `{actual}`": "das Ergebnis der Aufzeichnung ist `{claimed}`, aber die Züge ergeben `{actual}`",
  "the record says the game ended by {termination}, but its moves end it: `{actual}`": "laut Aufzeichnung endete die Partie durch {termination}, aber ihre Züge beenden sie: `{actual}`",
  "the record says the game ended by {termination} but gives no result": "laut Aufzeichnung endete die Partie durch {termination}, aber sie gibt kein Ergebnis an",
  "the record's result `{claimed}` does not follow from a {termination}; it would be {possible}": "das Ergebnis `{claimed}` der Aufzeichnung folgt nicht aus dem Ende durch {termination}; es wäre {possible}",
  "`{text}` comes after the end of the game": "`{text}` kommt nach dem Ende der Partie",
  "unknown termination `{text}` (known: {known})": "unbekanntes Partieende `{text}` (bekannt: {known})",
  "unknown setting `{key}` for {game} (known: {known})": "unbekannte Einstellung `{key}` für {game} (bekannt: {known})",
  "invalid value `{value}` for setting `{key}`: {reason}": "ungültiger Wert `{value}` für die Einstellung `{key}`: {reason}",
  "malformed setting `{text}`: expected key=value": "fehlerhafte Einstellung `{text}`: erwartet key=value",
  "expected one of {choices}": "erwartet: eines von {choices}",
  "invalid position code `{input}` at character {at}: {reason}": "ungültiger Stellungscode `{input}` bei Zeichen {at}: {reason}",
  "invalid position code `{input}`: {reason}": "ungültiger Stellungscode `{input}`: {reason}",
  "invalid record `{input}` at character {at}: {reason}": "ungültige Aufzeichnung `{input}` bei Zeichen {at}: {reason}",
  "invalid record `{input}`: {reason}": "ungültige Aufzeichnung `{input}`: {reason}",
  // The games' settings, codes and records (see above): the most generic shapes; serverText()
  // takes the matching pattern with the most fixed words, so these lose to any more specific one.
  "line {n}: {reason}": "Zeile {n}: {reason}",
  "move {n}: {why}": "Zug {n}: {why}",
  "{reason} (at character {at})": "{reason} (bei Zeichen {at})",
  "expected {expected}, got `{got}`": "erwartet: {expected}, nicht `{got}`",
  "expected {expected}": "erwartet: {expected}",
};
