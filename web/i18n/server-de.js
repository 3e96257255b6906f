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

  // Accounts: signing up and in, passwords, usernames (play/accounts.rs, domain/account/).
  "that username and password do not match an account": "dieser Benutzername und dieses Passwort passen zu keinem Konto",
  "this account does not exist any more": "dieses Konto gibt es nicht mehr",
  "the current password is not right": "das aktuelle Passwort stimmt nicht",
  "too many people are signing up or in at this moment; try again in a few seconds":
    "gerade melden sich zu viele Leute an oder registrieren sich; versuch es in ein paar Sekunden noch einmal",
  "a password may not contain control characters such as a line break or a tab":
    "ein Passwort darf keine Steuerzeichen wie einen Zeilenumbruch oder einen Tabulator enthalten",
  "this password is one of the 20,000 most common passwords, which attackers try first; choose another":
    "dieses Passwort gehört zu den 20.000 häufigsten Passwörtern, die Angreifer zuerst probieren; wähle ein anderes",
  "a username starts and ends with a letter or a digit": "ein Benutzername beginnt und endet mit einem Buchstaben oder einer Ziffer",
  "a username may not have two of `_` and `-` in a row": "ein Benutzername darf nicht zwei von `_` und `-` hintereinander haben",
  "sign in first (no session, or it has ended)": "melde dich zuerst an (keine Sitzung, oder sie ist abgelaufen)",
  "not signed in (the session has ended or never was)": "nicht angemeldet (die Sitzung ist abgelaufen oder bestand nie)",
  "too many sign-in attempts from this address; wait a little": "zu viele Anmeldeversuche von dieser Adresse; warte ein wenig",
  "too many sign-in attempts for this account; wait a little": "zu viele Anmeldeversuche für dieses Konto; warte ein wenig",
  "this address has signed up many accounts in a short time; wait a little":
    "von dieser Adresse wurden in kurzer Zeit viele Konten angelegt; warte ein wenig",

  // Bots and their challenges (play/bots.rs, http/api/bots.rs).
  "this account has played games already: only an account without games can become a bot (make a new account for the bot)":
    "dieses Konto hat schon Partien gespielt: nur ein Konto ohne Partien kann ein Bot werden (leg für den Bot ein neues Konto an)",
  "this bot has no token to revoke": "dieser Bot hat kein Token zum Widerrufen",
  "that bot token opens no bot (revoked, or never issued)": "dieses Bot-Token gehört zu keinem Bot (widerrufen oder nie ausgegeben)",
  "only bots get tokens: make this account a bot first (POST /api/account/bot, before its first game)":
    "nur Bots bekommen Tokens: mach dieses Konto zuerst zu einem Bot (POST /api/account/bot, vor seiner ersten Partie)",
  "a bot does not play itself": "ein Bot spielt nicht gegen sich selbst",
  "that challenge is between other people": "diese Herausforderung ist zwischen anderen Leuten",
  "that challenge is not yours to answer": "diese Herausforderung kannst nicht du beantworten",
  "bots play two-player games (these settings seat more players)": "Bots spielen Spiele zu zweit (diese Einstellungen haben mehr Spieler)",
  "a bot sends its token as `Authorization: Bearer TOKEN`": "ein Bot sendet sein Token als `Authorization: Bearer TOKEN`",
  "the Authorization header must be `Bearer TOKEN`": "der Authorization-Header muss `Bearer TOKEN` sein",
  "accepted": "angenommen",
  "declined": "abgelehnt",
  "cancelled": "zurückgezogen",

  // Chat (play/chat.rs, http/rate.rs).
  "sign in to write in the spectators' chat": "melde dich an, um im Chat der Zuschauer zu schreiben",
  "you are writing faster than the chat allows; wait a little": "du schreibst schneller, als der Chat erlaubt; warte ein wenig",
  "a message": "eine Nachricht",
  "a name": "ein Name",

  // Creating and joining games, seeks, ratings (play/, domain/).
  "a public game needs a seat for an invited person (an opponent to wait for)":
    "eine öffentliche Partie braucht einen Platz für eine eingeladene Person (einen Gegner, auf den gewartet wird)",
  "a rated game needs an account: sign in first": "eine gewertete Partie braucht ein Konto: melde dich zuerst an",
  "nobody is to move in this position: the game is over or the die is to be rolled":
    "in dieser Stellung ist niemand am Zug: die Partie ist vorbei oder es wird gewürfelt",
  "the server is stopping": "der Server wird gerade beendet",
  "this game is rated, so it is played between accounts: sign in to join it":
    "diese Partie ist gewertet und wird daher zwischen Konten gespielt: melde dich an, um mitzuspielen",
  "this address has created or joined many games in a short time; wait a little":
    "von dieser Adresse wurden in kurzer Zeit viele Partien angelegt oder betreten; warte ein wenig",
  "the server has as many WebSockets open as it allows": "der Server hat so viele WebSockets offen, wie er darf",
  "a rated game needs a clock": "eine gewertete Partie braucht eine Uhr",
  "a dice seed is 32 hexadecimal digits": "ein Würfel-Seed hat 32 Hexadezimalziffern",
  "that token holds no seat in this game": "dieses Token gehört zu keinem Platz in dieser Partie",
  "no invitation with that code in this game": "keine Einladung mit diesem Code in dieser Partie",
  "games against the computer are not rated": "Partien gegen den Computer werden nicht gewertet",
  "only two-player games are rated (four-player team games are not)": "nur Partien zu zweit werden gewertet (Teampartien zu viert nicht)",
  "games at one screen are not rated: a rated game needs an invited seat":
    "Partien an einem Bildschirm werden nicht gewertet: eine gewertete Partie braucht einen Platz für eine eingeladene Person",
  "a rated game is played between accounts: sign in to create one": "eine gewertete Partie wird zwischen Konten gespielt: melde dich an, um eine anzulegen",
  "only seats at the creator's screen are named at creation (an invited person gives their name on joining)":
    "nur die Plätze am Bildschirm dessen, der die Partie anlegt, werden beim Anlegen benannt (eine eingeladene Person nennt ihren Namen beim Beitreten)",
  "only computer seats have a level": "nur Computerplätze haben eine Stufe",
  "a rated seek needs an account: sign in first": "ein gewertetes Gesuch braucht ein Konto: melde dich zuerst an",
  "a rating range is for rated seeks (casual games are open to everyone)":
    "ein Wertungsbereich gilt nur für gewertete Gesuche (freie Partien stehen allen offen)",

  // Tournaments (play/tournaments.rs, domain/tournament/, http/api/tournaments.rs).
  "no such tournament": "dieses Turnier gibt es nicht",
  "this tournament is by invitation: open the link its organiser gave you":
    "dieses Turnier ist nur mit Einladung: öffne den Link, den dir die Organisation gegeben hat",
  "you have entered this tournament already": "du bist schon für dieses Turnier angemeldet",
  "entries to this tournament have closed": "die Anmeldung zu diesem Turnier ist geschlossen",
  "you have withdrawn from this tournament: only an Arena under way takes players back":
    "du hast dich von diesem Turnier abgemeldet: nur eine laufende Arena nimmt Spieler wieder auf",
  "entries closed or the tournament filled meanwhile": "die Anmeldung wurde inzwischen geschlossen oder das Turnier ist voll",
  "you have not entered this tournament": "du bist nicht für dieses Turnier angemeldet",
  "you have withdrawn already": "du hast dich schon abgemeldet",
  "this tournament is over": "dieses Turnier ist vorbei",
  "that invitation code is not this tournament's": "dieser Einladungscode gehört nicht zu diesem Turnier",
  "tournaments are for two-player games (choose two players in the settings)":
    "Turniere sind für Spiele zu zweit (wähle in den Einstellungen zwei Spieler)",
  "a duration in minutes is chosen for an Arena only": "eine Dauer in Minuten wird nur für eine Arena gewählt",
  "an Arena needs a clock in minutes and seconds, not days per move":
    "eine Arena braucht eine Uhr in Minuten und Sekunden, nicht Tage pro Zug",
  "only a clock in minutes and seconds can be halved by going berserk":
    "nur eine Uhr in Minuten und Sekunden lässt sich mit Berserk halbieren",
  "a game without a clock has no berserk": "eine Partie ohne Uhr hat kein Berserk",
  "you went berserk already": "du bist schon auf Berserk gegangen",
  "berserk is possible only before your first move": "Berserk geht nur vor deinem ersten Zug",
  "berserk is only for the games of an Arena tournament": "Berserk gibt es nur in Partien eines Arena-Turniers",
  "a tournament's name has no control characters": "der Name eines Turniers hat keine Steuerzeichen",
  "a tournament needs a clock, so that every round ends": "ein Turnier braucht eine Uhr, damit jede Runde endet",
  "the start time has passed": "die Startzeit ist vorbei",
  "a tournament starts within 30 days of its creation": "ein Turnier beginnt innerhalb von 30 Tagen nach dem Anlegen",
  "rounds are chosen for a Swiss only: a round robin's follow from its entrants":
    "Runden werden nur für ein Schweizer System gewählt: die eines Rundenturniers ergeben sich aus den Teilnehmern",

  // The games' reasons why a typed move cannot be read (crates/tafel-games/src/*/notation.rs).
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
  "an Arena has no rounds to report": "eine Arena hat keine Runden zu melden",
  "the tournament has not been played: nothing to report yet": "das Turnier ist noch nicht gespielt: noch nichts zu melden",

  // Requests the server refuses as malformed (http/).
  "a chance position has no outcomes (a rules bug)": "eine Zufallsstellung hat keine Ausgänge (ein Fehler in den Regeln)",
  "the record has no [Game \"...\"] tag": "die Aufzeichnung hat kein [Game \"...\"]-Tag",
  "give either the invitation (`invite`) or, in a public game, the `seat`":
    "gib entweder die Einladung (`invite`) oder, in einer öffentlichen Partie, den Platz (`seat`) an",
  "a request may carry one Host header, not several": "eine Anfrage darf einen Host-Header tragen, nicht mehrere",
  "the Host header is malformed": "der Host-Header ist fehlerhaft",
  "the Host header names a host and a port, never a user": "der Host-Header nennt einen Host und einen Port, nie einen Benutzer",
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

  // Accounts, bots, seeks, tournaments, settings (the server's errors with parameters).
  "the username {name} is taken (or looks too much like one that is)": "der Benutzername {name} ist vergeben (oder sieht einem vergebenen zu ähnlich)",
  "the username {name} is kept for the site (it reads as `{reserved}`)": "der Benutzername {name} ist für die Seite reserviert (er liest sich als `{reserved}`)",
  "a password needs at least {min} characters (this one has {length})": "ein Passwort braucht mindestens {min} Zeichen (dieses hat {length})",
  "a password needs at least {min} characters besides your username and the site's name":
    "ein Passwort braucht mindestens {min} Zeichen außer deinem Benutzernamen und dem Namen der Seite",
  "a password has at most {max} bytes (this one has {length})": "ein Passwort hat höchstens {max} Bytes (dieses hat {length})",
  "a username has {min} to {max} characters (this one has {length})": "ein Benutzername hat {min} bis {max} Zeichen (dieser hat {length})",
  "a username may have only the letters a to z and A to Z, digits, `_` and `-` (this one has {chars}); letters of other alphabets could imitate other names":
    "ein Benutzername darf nur die Buchstaben a bis z und A bis Z, Ziffern, `_` und `-` haben (dieser hat {chars}); Buchstaben anderer Alphabete könnten andere Namen nachahmen",
  "there is no bot named {bot}": "es gibt keinen Bot namens {bot}",
  "you have {sent} challenges waiting for an answer, as many as one person may; cancel one or wait for the answers":
    "du hast {sent} Herausforderungen, die auf Antwort warten, so viele wie erlaubt; zieh eine zurück oder warte auf die Antworten",
  "{bot} has {waiting} challenges waiting, as many as a bot may; try again later":
    "{bot} hat {waiting} wartende Herausforderungen, so viele wie ein Bot haben darf; versuch es später noch einmal",
  "there is no challenge {id}": "es gibt keine Herausforderung {id}",
  "that challenge is {state} already": "diese Herausforderung ist schon {state}",
  "this bot has {open} streams open, as many as a bot may; close one first": "dieser Bot hat {open} Streams offen, so viele wie ein Bot darf; schließ zuerst einen",
  "the name {username} is taken": "der Name {username} ist vergeben",
  "{username} is a person's account (it has played games): the server's bots need names of their own":
    "{username} ist das Konto einer Person (es hat Partien gespielt): die Bots des Servers brauchen eigene Namen",
  "a claim carries at most {max} seat tokens, not {count}; send them in parts": "eine Übernahme trägt höchstens {max} Platz-Tokens, nicht {count}; schick sie in Teilen",
  "this address has {count} games of the computer against itself running, as many as it may; start another when one ends":
    "von dieser Adresse laufen {count} Partien des Computers gegen sich selbst, so viele wie erlaubt; starte eine weitere, wenn eine endet",
  "you have {listed} seeks listed, as many as one person may; withdraw one first": "du hast {listed} Gesuche ausgeschrieben, so viele wie erlaubt; zieh zuerst eines zurück",
  "your {game} rating, {rating}, is outside the range this seek wants ({min} to {max})":
    "deine Wertung in {game}, {rating}, liegt außerhalb des Bereichs, den dieses Gesuch will ({min} bis {max})",
  "there is no player named `{name}`": "es gibt keinen Spieler namens `{name}`",
  "there is no game `{id}`": "es gibt keine Partie `{id}`",
  "game {id} has no seat {seat}": "Partie {id} hat keinen Platz {seat}",
  "you play no seat of game {id}": "du spielst keinen Platz der Partie {id}",
  "you organise {count} tournaments not yet finished, as many as one account may": "du organisierst {count} noch nicht beendete Turniere, so viele wie ein Konto darf",
  "this tournament is full ({count} entrants)": "dieses Turnier ist voll ({count} Teilnehmer)",
  "this server does not answer for the host `{host}` (its operator can add it with `tafel serve --public-url`)":
    "dieser Server antwortet nicht für den Host `{host}` (wer ihn betreibt, kann ihn mit `tafel serve --public-url` hinzufügen)",
  "requests from pages of `{origin}` are not accepted here": "Anfragen von Seiten von `{origin}` werden hier nicht angenommen",
  "ply {ply} does not exist; the game has {last} moves": "Halbzug {ply} gibt es nicht; die Partie hat {last} Züge",
  "no API endpoint at `{path}`": "kein API-Endpunkt unter `{path}`",
  "page must be 1 to {max}, not {page}": "page muss 1 bis {max} sein, nicht {page}",
  "per_page must be 1 to {max}, not {per_page}": "per_page muss 1 bis {max} sein, nicht {per_page}",
  "unknown game `{name}` (known: {known})": "unbekanntes Spiel `{name}` (bekannt: {known})",
  "a Fischer clock's initial time is 1 to {max} seconds": "die Anfangszeit einer Fischer-Uhr ist 1 bis {max} Sekunden",
  "a Fischer clock's increment is 0 to {max} seconds": "der Zuschlag einer Fischer-Uhr ist 0 bis {max} Sekunden",
  "a correspondence game gives 1 to {max} days per move": "eine Fernpartie gibt 1 bis {max} Tage je Zug",
  "a dice seed is 32 hexadecimal digits: {why}": "ein Würfel-Seed hat 32 Hexadezimalziffern: {why}",
  "{what} needs at least one character": "{what} braucht mindestens ein Zeichen",
  "{what} may have at most {max} characters": "{what} darf höchstens {max} Zeichen haben",
  "{what} may not contain invisible, control or text-direction characters (it has U+{code})":
    "{what} darf keine unsichtbaren, Steuer- oder Schreibrichtungszeichen enthalten (enthält U+{code})",
  "unknown result `{text}` (win, draw or loss)": "unbekanntes Ergebnis `{text}` (win, draw oder loss)",
  "a computer seat needs a level from 1 to {max}": "ein Computerplatz braucht eine Stufe von 1 bis {max}",
  "an Arena lasts {min} to {max} minutes": "eine Arena dauert {min} bis {max} Minuten",
  "a rating range lies within {low} to {high} (not {bound})": "ein Wertungsbereich liegt zwischen {low} und {high} (nicht {bound})",
  "the rating range's lowest ({min}) is above its highest ({max})": "der niedrigste Wert des Wertungsbereichs ({min}) liegt über dem höchsten ({max})",
  "unknown tournament kind `{text}`": "unbekannte Turnierart `{text}`",
  "unknown entry `{text}`": "unbekannte Anmeldeart `{text}`",
  "a tournament's name is 1 to {max} characters": "der Name eines Turniers hat 1 bis {max} Zeichen",
  "a tournament takes {min} to {max} entrants on this server": "ein Turnier nimmt auf diesem Server {min} bis {max} Teilnehmer",
  "a Swiss has 1 to {max} rounds": "ein Schweizer System hat 1 bis {max} Runden",
  "the pause between rounds is 0 to {max} seconds": "die Pause zwischen den Runden dauert 0 bis {max} Sekunden",
  "a pause between rounds is for tournaments played in rounds, not an Arena": "eine Pause zwischen den Runden gibt es nur in Turnieren mit Runden, nicht in einer Arena",

  "unknown record format `{name}` (text or json)": "unbekanntes Aufzeichnungsformat `{name}` (text oder json)",
  "{count} settings named; at most {max}": "{count} Einstellungen genannt; höchstens {max}",
  "the code is {length} characters long; at most {max}": "der Code ist {length} Zeichen lang; höchstens {max}",
  "a best line of {plies} plies asked for; 1 to {max}": "eine beste Zugfolge von {plies} Halbzügen erbeten; 1 bis {max}",
  "malformed message: a hello shows at most {max} tokens": "fehlerhafte Nachricht: ein Hallo zeigt höchstens {max} Tokens",
  "malformed message: {why}": "fehlerhafte Nachricht: {why}",
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
  // Generic shapes: serverText() takes the matching pattern with the most fixed words, so these
  // lose to any more specific one.
  "{name} has {count} seats, not {wanted}": "{name} hat {count} Plätze, nicht {wanted}",
  "move {n}: {why}": "Zug {n}: {why}",
  // The games' settings, codes and records (see above): the most generic shapes.
  "line {n}: {reason}": "Zeile {n}: {reason}",
  "{reason} (at character {at})": "{reason} (bei Zeichen {at})",
  "expected {expected}, got `{got}`": "erwartet: {expected}, nicht `{got}`",
  "expected {expected}": "erwartet: {expected}",
};
