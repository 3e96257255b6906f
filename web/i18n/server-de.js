// German for the texts the server sends as data (web/i18n.js, serverText()): the games'
// summaries, their settings' labels, help texts and choice words as /api/catalog gives them,
// the reasons the rules give for an ending, the results as records word them, and the errors
// a player meets. The server keeps answering in English (its API and records do not change
// with the reader's language); the page translates. Keyed by the English text; a key with
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

  // The errors a player meets (the server's words, without parameters).
  "the game is over": "die Partie ist vorbei",
  "the game was changed meanwhile (another move came first); reload": "die Partie wurde inzwischen geändert (ein anderer Zug kam zuerst); lade die Seite neu",
  "no takeback is asked for": "es ist keine Zugrücknahme erbeten",
  "a takeback is already asked for; answer it or wait for the answer": "eine Zugrücknahme ist schon erbeten; beantworte sie oder warte auf die Antwort",
  "another person plays in this game: ask for a takeback, which they must accept":
    "in dieser Partie spielt noch jemand: bitte um eine Zugrücknahme, die angenommen werden muss",
  "there is no move of yours to take back": "es gibt keinen Zug von dir zum Zurücknehmen",
  "there is no draw offer to accept": "es gibt kein Remisangebot zum Annehmen",
  "there is no draw offer to decline": "es gibt kein Remisangebot zum Ablehnen",
  "the computer does not agree to draws": "der Computer nimmt kein Remis an",
  "you have agreed to the draw already; the others have not answered yet": "du hast dem Remis schon zugestimmt; die anderen haben noch nicht geantwortet",
  "you have agreed to this takeback already; the others have not answered yet": "du hast dieser Zugrücknahme schon zugestimmt; die anderen haben noch nicht geantwortet",
  "the game is not over yet: a rematch follows its end": "die Partie ist noch nicht vorbei: eine Revanche folgt ihrem Ende",
  "this game is not public: joining it needs an invitation": "diese Partie ist nicht öffentlich: zum Mitspielen braucht es eine Einladung",
  "you play in this game already (an account takes one seat of a game)": "du spielst schon in dieser Partie (ein Konto nimmt einen Platz einer Partie)",
  "a hint is for the position where it is your move": "ein Tipp gilt der Stellung, in der du am Zug bist",
  "hints are only for games against the computer": "Tipps gibt es nur in Partien gegen den Computer",
  "hints are for the seats at the creator's screen": "Tipps gibt es für die Plätze am Bildschirm dessen, der die Partie angelegt hat",
  "hints are off in this game: they are turned on before a game against the computer":
    "Tipps sind in dieser Partie aus: sie werden vor einer Partie gegen den Computer eingeschaltet",
  "the game changed before the hint was found; ask again": "die Partie hat sich geändert, bevor der Tipp gefunden war; frag noch einmal",
  "the players of a game see its analysis once the game is over": "die Spieler einer Partie sehen ihre Analyse, wenn die Partie vorbei ist",
  "too many analyses are under way; ask again in a minute": "zu viele Analysen laufen gerade; frag in einer Minute noch einmal",
  "the server is too busy to keep this game in memory; try again shortly": "der Server ist zu beschäftigt, um diese Partie im Speicher zu halten; versuch es gleich noch einmal",
  "only the players write in the players' chat: send your seat's token": "nur die Spieler schreiben im Chat der Spieler",
  "you play in this game: players write in the players' chat, not the spectators'": "du spielst in dieser Partie: Spieler schreiben im Chat der Spieler, nicht in dem der Zuschauer",
  "the spectators' chat is written by signed-in accounts: send no seat's token": "im Chat der Zuschauer schreiben angemeldete Konten",
  "nobody else plays in this game at another screen: its players' chat is closed":
    "niemand sonst spielt diese Partie an einem anderen Bildschirm: der Chat der Spieler ist geschlossen",
  "that seek is gone (taken, withdrawn or left)": "dieses Gesuch ist weg (angenommen, zurückgezogen oder verlassen)",
  "that is your own seek": "das ist dein eigenes Gesuch",
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

  // Errors with parameters.
  "it is {name}'s turn": "{name} ist am Zug",
  "illegal move `{move}`; legal here: {moves}": "unerlaubter Zug `{move}`; erlaubt sind hier: {moves}",
  "{name}'s time ran out before the move arrived": "die Zeit von {name} ist abgelaufen, bevor der Zug ankam",
  "the game is at move {at}, not {ply}; reload": "die Partie ist bei Zug {at}, nicht {ply}; lade die Seite neu",
  "{name}'s seat is taken already": "der Platz von {name} ist schon vergeben",
  "seat {seat} of this game is not open to people online": "Platz {seat} dieser Partie ist nicht für Leute online offen",
  "no game `{id}`": "keine Partie `{id}`",
  "this game's {room} chat holds {cap} messages, as many as it may": "dieser Chat der Partie hat schon {cap} Nachrichten, so viele wie erlaubt",
  "this address has {mine} analyses under way, as many as it may; ask again when one is done":
    "von dieser Adresse laufen {mine} Analysen, so viele wie erlaubt; frag wieder, wenn eine fertig ist",
};
