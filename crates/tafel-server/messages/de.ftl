# Die Meldungen des Servers auf Deutsch (crates/tafel-server/src/domain/catalogue.rs).

password-may-not-contain-control-characters = ein Passwort darf keine Steuerzeichen wie einen Zeilenumbruch oder einen Tabulator enthalten
password-needs-at-least-min-password-length = ein Passwort braucht mindestens { $min_password } Zeichen (dieses hat { $length })
this-password-is-one-of-the = dieses Passwort gehört zu den 20.000 häufigsten Passwörtern, die Angreifer zuerst probieren; wähle ein anderes
password-needs-at-least-min-besides-names = ein Passwort braucht mindestens { $min_password } Zeichen außer deinem Benutzernamen und dem Namen der Seite
password-has-at-most-max-password = ein Passwort hat höchstens { $max_password_bytes } Bytes (dieses hat { $count })
hashing-a-password-failed-error = das Hashen eines Passworts ist fehlgeschlagen: { $error }
stored-password-hash-is-not-a = ein gespeicherter Passwort-Hash ist keine PHC-Zeichenkette: { $error }
stored-password-hash-is-algorithm-not = ein gespeicherter Passwort-Hash ist { $algorithm }, nicht argon2id
argon2-parameters-error = Argon2-Parameter: { $error }
username-has-min-username-to-max = ein Benutzername hat { $min_username } bis { $max_username } Zeichen (dieser hat { $length })
username-may-have-only-the-letters = ein Benutzername darf nur die Buchstaben a bis z und A bis Z, Ziffern, `_` und `-` haben (dieser hat { $wrong }); Buchstaben anderer Alphabete könnten andere Namen nachahmen
username-starts-and-ends-with-a = ein Benutzername beginnt und endet mit einem Buchstaben oder einer Ziffer
username-may-not-have-two-of = ein Benutzername darf nicht zwei von `_` und `-` hintereinander haben
username-name-is-kept-for-the = der Benutzername { $name } ist für die Seite reserviert (er liest sich als `{ $reserved }`)
rated-game-needs-a-clock = eine gewertete Partie braucht eine Uhr
nobody-else-plays-in-this-game = niemand sonst spielt diese Partie an einem anderen Bildschirm: der Chat der Spieler ist geschlossen
you-play-in-this-game-players = du spielst in dieser Partie: Spieler schreiben im Chat der Spieler, nicht in dem der Zuschauer
fischer-clock-initial-time-is-1 = die Anfangszeit einer Fischer-Uhr ist 1 bis { $max_initial_seconds } Sekunden
fischer-clock-increment-is-0-to = der Zuschlag einer Fischer-Uhr ist 0 bis { $max_increment_seconds } Sekunden
correspondence-game-gives-1-to-max = eine Fernpartie gibt 1 bis { $max_days_per_move } Tage je Zug
only-a-clock-in-minutes-and = nur eine Uhr in Minuten und Sekunden lässt sich mit Berserk halbieren
computer-does-not-agree-to-draws = der Computer nimmt kein Remis an
there-is-no-draw-offer-to-accept = es gibt kein Remisangebot zum Annehmen
you-have-agreed-to-the-draw = du hast dem Remis schon zugestimmt; die anderen haben noch nicht geantwortet
there-is-no-draw-offer-to-decline = es gibt kein Remisangebot zum Ablehnen
there-is-no-rematch-offer-to-accept = es gibt kein Revancheangebot zum Annehmen
there-is-no-rematch-offer-to-decline = es gibt kein Revancheangebot zum Ablehnen
you-have-offered-a-rematch = du hast die Revanche schon angeboten; die anderen haben noch nicht geantwortet
game-cannot-be-aborted-any-more = eine Partie kann nur abgebrochen werden, bevor beide Seiten gezogen haben; gib stattdessen auf
only-games-between-people-are-aborted = nur eine Partie zwischen Menschen kann abgebrochen werden
tournament-games-are-not-aborted = eine Turnierpartie kann nicht abgebrochen werden
takeback-is-already-asked-for-answer = eine Zugrücknahme ist schon erbeten; beantworte sie oder warte auf die Antwort
no-takeback-is-asked-for = es ist keine Zugrücknahme erbeten
you-have-agreed-to-this-takeback = du hast dieser Zugrücknahme schon zugestimmt; die anderen haben noch nicht geantwortet
dice-seed-is-32-hexadecimal-digits = ein Würfel-Seed hat 32 Hexadezimalziffern
dice-seed-is-not-hexadecimal = ein Würfel-Seed hat 32 Hexadezimalziffern: { $e }
no-game-text = keine Partie `{ $text }`
that-token-holds-no-seat-in = dieses Token gehört zu keinem Platz in dieser Partie
no-invitation-with-that-code-in = keine Einladung mit diesem Code in dieser Partie
not-signed-in-the-session-has = nicht angemeldet (die Sitzung ist abgelaufen oder bestand nie)
that-bot-token-opens-no-bot = dieses Bot-Token gehört zu keinem Bot (widerrufen oder nie ausgegeben)
name-has-num-players-seats-not = { $name } hat { $num_players } Plätze, nicht { $count }
stored-move-does-not-replay = Zug { $i }: { $e }
chance-position-has-no-outcomes-a = eine Zufallsstellung hat keine Ausgänge (ein Fehler in den Regeln)
there-is-no-move-of-yours = es gibt keinen Zug von dir zum Zurücknehmen
game-is-over = die Partie ist vorbei
what-needs-at-least-one-character = { $what ->
    [reason] eine Begründung
    [details] der Text der Meldung
    [message] eine Nachricht
   *[name] ein Name
} braucht mindestens ein Zeichen
what-may-have-at-most-max = { $what ->
    [reason] eine Begründung
    [details] der Text der Meldung
    [message] eine Nachricht
   *[name] ein Name
} darf höchstens { $max } Zeichen haben
games-against-the-computer-are-not = Partien gegen den Computer werden nicht gewertet
only-two-player-games-are-rated = nur Partien zu zweit werden gewertet (Teampartien zu viert nicht)
games-at-one-screen-are-not = Partien an einem Bildschirm werden nicht gewertet: eine gewertete Partie braucht einen Platz für eine eingeladene Person
rated-game-is-played-between-accounts = eine gewertete Partie wird zwischen Konten gespielt: melde dich an, um eine anzulegen
unknown-result-text-win-draw-or = unbekanntes Ergebnis `{ $text }` (win, draw oder loss)
rating-period-needs-at-least-one = eine Wertungsperiode braucht mindestens eine Partie
rating-volatility-did-not-converge = die Volatilität der Wertung konvergierte nicht
only-seats-at-the-creator-screen = nur die Plätze am Bildschirm dessen, der die Partie anlegt, werden beim Anlegen benannt (eine eingeladene Person nennt ihren Namen beim Beitreten)
hints-are-for-the-seats-at = Tipps gibt es für die Plätze am Bildschirm dessen, der die Partie angelegt hat
computer-seat-needs-a-level-from = ein Computerplatz braucht eine Stufe von 1 bis { $max_level }
only-computer-seats-have-a-level = nur Computerplätze haben eine Stufe
rated-seek-needs-an-account-sign = ein gewertetes Gesuch braucht ein Konto: melde dich zuerst an
rating-range-is-for-rated-seeks = ein Wertungsbereich gilt nur für gewertete Gesuche (freie Partien stehen allen offen)
rating-range-lies-within-start-to = ein Wertungsbereich liegt zwischen { $start } und { $end } (nicht { $bound })
rating-range-lowest-min-is-above = der niedrigste Wert des Wertungsbereichs ({ $min }) liegt über dem höchsten ({ $max })
arena-boards-do-not-add-up = die Bretter einer Arena gehen nicht auf: { $e }
game-without-a-clock-has-no = eine Partie ohne Uhr hat kein Berserk
you-went-berserk-already = du bist schon auf Berserk gegangen
berserk-is-possible-only-before-your = Berserk geht nur vor deinem ersten Zug
unknown-tournament-kind-text = unbekannte Turnierart `{ $text }`
unknown-entry-text = unbekannte Anmeldeart `{ $text }`
tournament-stored-in-state-text = ein Turnier ist im Zustand `{ $text }` gespeichert
tournament-name-is-1-to-max = der Name eines Turniers hat 1 bis { $max_name_chars } Zeichen
tournament-needs-a-clock-so-that = ein Turnier braucht eine Uhr, damit jede Runde endet
start-time-has-passed = die Startzeit ist vorbei
tournament-starts-within-30-days-of = ein Turnier beginnt innerhalb von 30 Tagen nach dem Anlegen
tournament-takes-min-entrants-to-limit = ein Turnier nimmt auf diesem Server { $min_entrants } bis { $limit } Teilnehmer
rounds-are-chosen-for-a-swiss = Runden werden nur für ein Schweizer System gewählt: die eines Rundenturniers ergeben sich aus den Teilnehmern
swiss-has-1-to-max-swiss = ein Schweizer System hat 1 bis { $max_swiss_rounds } Runden
arena-breaks-ties-by-its-own-rules = eine Arena entscheidet Gleichstände nach eigenen Regeln (Sonneborn-Berger, dann Buchholz): Feinwertungen werden für ein Schweizer System oder ein Rundenturnier gewählt
tournament-lists-1-to-max-tie-breaks = ein Turnier hat 1 bis { $max_tie_breaks } Feinwertungen
unknown-tie-break = { $name } ist keine hier angebotene Feinwertung: erwartet wird eine von { $choices }
tie-break-is-listed-twice = { $name } steht zweimal unter den Feinwertungen
tie-break-cuts-are-for-a-swiss = { $name } streicht Werte, was nur ein Schweizer System tut: im Rundenturnier treffen alle auf dieselben Gegner
pause-between-rounds-is-0-to = die Pause zwischen den Runden dauert 0 bis { $max_round_pause_s } Sekunden
pause-between-rounds-is-for-tournaments = eine Pause zwischen den Runden gibt es nur bei Turnieren in Runden, nicht in einer Arena
duration-in-minutes-is-chosen-for = eine Dauer in Minuten wird nur für eine Arena gewählt
arena-lasts-min-minutes-to-max = eine Arena dauert { $min_minutes } bis { $max_minutes } Minuten
arena-needs-a-clock-in-minutes = eine Arena braucht eine Uhr in Minuten und Sekunden, nicht Tage pro Zug
tournament-game-stored-with-outcome-text = eine Turnierpartie ist mit dem Ergebnis `{ $text }` gespeichert
tournament-id-round-round-cannot-be = Turnier { $id }: Runde { $round } kann nicht gepaart werden: { $e }
tournament-boards-do-not-add-up = die Bretter eines Turniers gehen nicht auf: { $e }
arena-has-no-rounds-to-report = eine Arena hat keine Runden zu melden
tournament-has-not-been-played-nothing = das Turnier ist noch nicht gespielt: noch nichts zu melden
sign-in-first-no-session-or = melde dich zuerst an (keine Sitzung, oder sie ist abgelaufen)
bot-sends-its-token-as-authorization = ein Bot sendet sein Token als `Authorization: Bearer TOKEN`
authorization-header-must-be-bearer-token = der Authorization-Header muss `Bearer TOKEN` sein
record-has-no-game-tag = die Aufzeichnung hat kein [Game "..."]-Tag
unknown-record-format-other-text-or = unbekanntes Aufzeichnungsformat `{ $other }` (text oder json)
give-either-the-invitation-invite-or = gib entweder die Einladung (`invite`) oder, in einer öffentlichen Partie, den Platz (`seat`) an
page-must-be-1-to-max = page muss 1 bis { $max_page } sein, nicht { $page }
per-page-must-be-1-to = per_page muss 1 bis { $max_page_size } sein, nicht { $per_page }
there-is-no-game-game = es gibt keine Partie `{ $game }`
unknown-game-name-known-join = unbekanntes Spiel `{ $name }` (bekannt: { $join })
count-settings-named-at-most-max = { $count } Einstellungen genannt; höchstens { $max_settings }
code-is-length-characters-long-at = der Code ist { $length } Zeichen lang; höchstens { $max_code_chars }
position-code-refused = { $at ->
        [none] { $reason }
       *[other] { $reason } (bei Zeichen { $at })
    }
best-line-of-plies-plies-asked = eine beste Zugfolge von { $plies } Halbzügen erbeten; 1 bis { $max_line_plies }
no-such-tournament = dieses Turnier gibt es nicht
that-invitation-code-is-not-this = dieser Einladungscode gehört nicht zu diesem Turnier
request-may-carry-one-host-header = eine Anfrage darf einen Host-Header tragen, nicht mehrere
host-header-is-malformed = der Host-Header ist fehlerhaft
host-header-names-a-host-and = der Host-Header nennt einen Host und einen Port, nie einen Benutzer
this-server-does-not-answer-for = dieser Server antwortet nicht für den Host `{ $host }` (wer ihn betreibt, kann ihn mit `tafel serve --public-url` hinzufügen)
requests-from-pages-of-origin-are = Anfragen von Seiten von `{ $origin }` werden hier nicht angenommen
this-address-has-created-or-joined = von dieser Adresse wurden in kurzer Zeit viele Partien angelegt oder betreten; warte ein wenig
too-many-sign-in-attempts-from = zu viele Anmeldeversuche von dieser Adresse; warte ein wenig
too-many-sign-in-attempts-for = zu viele Anmeldeversuche für dieses Konto; warte ein wenig
this-address-has-signed-up-many = von dieser Adresse wurden in kurzer Zeit viele Konten angelegt; warte ein wenig
you-are-writing-faster-than-the = du schreibst schneller, als der Chat erlaubt; warte ein wenig
ply-ply-does-not-exist-the = Halbzug { $ply } gibt es nicht; die Partie hat { $last } Züge
no-api-endpoint-at-path = kein API-Endpunkt unter `{ $path }`
server-has-as-many-websockets-open = der Server hat so viele WebSockets offen, wie er darf
server-is-restarting = der Server startet neu; verbinde dich gleich noch einmal
owner-lost = der Server, der diese Partie hält, antwortet nicht mehr; versuch es gleich noch einmal
server-is-draining = der Server hält an und nimmt keine neue Arbeit an
database-unreachable = die Datenbank ist nicht erreichbar: { $e }
malformed-message = fehlerhafte Nachricht: { $e }
malformed-message-a-hello-shows-at = fehlerhafte Nachricht: ein Hallo zeigt höchstens { $max_hello_tokens } Tokens
username-username-is-taken-or-looks = der Benutzername { $username } ist vergeben (oder sieht einem vergebenen zu ähnlich)
that-username-and-password-do-not = dieser Benutzername und dieses Passwort passen zu keinem Konto
this-account-does-not-exist-any = dieses Konto gibt es nicht mehr
current-password-is-not-right = das aktuelle Passwort stimmt nicht
too-many-people-are-signing-up = gerade melden sich zu viele Leute an oder registrieren sich; versuch es in ein paar Sekunden noch einmal
password-checks-have-stopped = die Passwortprüfung wurde beendet
password-check-failed-error = eine Passwortprüfung ist fehlgeschlagen: { $error }
players-of-a-game-see-its = die Spieler einer Partie sehen ihre Analyse, wenn die Partie vorbei ist
analysis-failed-failure = die Analyse ist fehlgeschlagen: { $failure }
too-many-analyses-are-under-way = zu viele Analysen laufen gerade; frag in einer Minute noch einmal
this-address-has-mine-analyses-under = von dieser Adresse laufen { $mine } Analysen, so viele wie erlaubt; frag wieder, wenn eine fertig ist
berserk-is-only-for-the-games = Berserk gibt es nur in Partien eines Arena-Turniers
this-account-has-played-games-already = dieses Konto hat schon Partien gespielt: nur ein Konto ohne Partien kann ein Bot werden (leg für den Bot ein neues Konto an)
this-bot-has-no-token-to = dieser Bot hat kein Token zum Widerrufen
only-bots-get-tokens-make-this = nur Bots bekommen Tokens: mach dieses Konto zuerst zu einem Bot (POST /api/account/bot, vor seiner ersten Partie)
there-is-no-bot-named-bot = es gibt keinen Bot namens { $bot }
you-cannot-challenge-yourself = du kannst dich nicht selbst herausfordern
you-have-sent-challenges-waiting-for = du hast { $sent } Herausforderungen, die auf Antwort warten, so viele wie erlaubt; zieh eine zurück oder warte auf die Antworten
username-has-waiting-challenges-waiting-as = { $username } hat { $waiting } wartende Herausforderungen, so viele wie ein Bot haben darf; versuch es später noch einmal
there-is-no-challenge-id = es gibt keine Herausforderung { $id }
that-challenge-is-between-other-people = diese Herausforderung ist zwischen anderen Leuten
that-challenge-is-not-yours-to = diese Herausforderung kannst nicht du beantworten
that-challenge-is-status-already = diese Herausforderung ist schon { $status ->
    [accepted] angenommen
    [declined] abgelehnt
    [cancelled] zurückgezogen
    [expired] abgelaufen
   *[other] { $status }
}
this-bot-has-open-streams-open = dieser Bot hat { $open } Streams offen, so viele wie ein Bot darf; schließ zuerst einen
hashing-a-bot-password-failed = das Hashen eines Passworts ist fehlgeschlagen: { $e }
name-username-is-taken = der Name { $username } ist vergeben
username-is-a-person-account-it = { $username } ist das Konto einer Person (es hat Partien gespielt): die Bots des Servers brauchen eigene Namen
only-the-players-write-in-the = nur die Spieler schreiben im Chat der Spieler
spectators-chat-is-written-by-signed = im Chat der Zuschauer schreiben angemeldete Konten
sign-in-to-write-in-the = melde dich an, um im Chat der Zuschauer zu schreiben
this-game-room-chat-holds-cap = { $room ->
    [players] der Chat der Spieler
   *[spectators] der Chat der Zuschauer
} dieser Partie hat schon { $cap } Nachrichten, so viele wie erlaubt
chat-message-just-stored-cannot-be = eine eben gespeicherte Chatnachricht kann nicht gelesen werden
claim-carries-at-most-max-claimed = eine Übernahme trägt höchstens { $max_claimed_tokens } Platz-Tokens, nicht { $count }; schick sie in Teilen
game-id-has-no-seat-seat = Partie { $id } hat keinen Platz { $seat }
this-address-has-count-games-of = von dieser Adresse laufen { $count } Partien des Computers gegen sich selbst, so viele wie erlaubt; starte eine weitere, wenn eine endet
hints-are-only-for-games-against = Tipps gibt es nur in Partien gegen den Computer
public-game-needs-a-seat-for = eine öffentliche Partie braucht einen Platz für eine eingeladene Person (einen Gegner, auf den gewartet wird)
game-is-not-over-yet-a = die Partie ist noch nicht vorbei: eine Revanche folgt ihrem Ende
hints-are-off-in-this-game = Tipps sind in dieser Partie aus: sie werden vor einer Partie gegen den Computer eingeschaltet
hint-is-for-the-position-where = ein Tipp gilt der Stellung, in der du am Zug bist
game-changed-before-the-hint-was = die Partie hat sich geändert, bevor der Tipp gefunden war; frag noch einmal
search-failed-message = die Suche ist fehlgeschlagen: { $message }
hint-search-ended-without-an-answer = die Suche nach dem Tipp endete ohne Antwort
you-have-listed-seeks-listed-as = du hast { $listed } Gesuche ausgeschrieben, so viele wie erlaubt; zieh zuerst eines zurück
that-seek-is-gone-taken-withdrawn = dieses Gesuch ist weg (angenommen, zurückgezogen oder verlassen)
that-is-your-own-seek = das ist dein eigenes Gesuch
rated-game-needs-an-account-sign = eine gewertete Partie braucht ein Konto: melde dich zuerst an
your-game-rating-rating-is-outside = deine Wertung in { $game }, { $rating }, liegt außerhalb des Bereichs, den dieses Gesuch wünscht ({ $min ->
    [any] beliebig
   *[other] { $min }
} bis { $max ->
    [any] beliebig
   *[other] { $max }
})
no-game-id = keine Partie `{ $id }`
server-is-too-busy-to-keep = der Server ist zu beschäftigt, um diese Partie im Speicher zu halten; versuch es gleich noch einmal
game-was-changed-meanwhile-another-move = die Partie wurde inzwischen geändert (ein anderer Zug kam zuerst); lade die Seite neu
game-is-at-move-count-not = die Partie ist bei Zug { $count }, nicht { $ply }; lade die Seite neu
it-is-name-turn = { $name } ist am Zug
name-time-ran-out-before-the = die Zeit von { $name } ist abgelaufen, bevor der Zug ankam
another-person-plays-in-this-game = in dieser Partie spielt noch jemand: bitte um eine Zugrücknahme, die angenommen werden muss
there-is-no-player-named-name = es gibt keinen Spieler namens `{ $name }`
there-is-no-game-id = es gibt keine Partie `{ $id }`
writing-a-record-failed-e = das Schreiben einer Notation ist fehlgeschlagen: { $e }
nobody-is-to-move-in-this = in dieser Stellung ist niemand am Zug: die Partie ist vorbei oder es wird gewürfelt
server-is-stopping = der Server wird gerade beendet
this-game-is-not-public-joining = diese Partie ist nicht öffentlich: zum Mitspielen braucht es eine Einladung
seat-seat-of-this-game-is = Platz { $seat } dieser Partie ist nicht für Leute online offen
seat-name-seat-is-taken-already = der Platz von { $seat_name } ist schon vergeben
this-game-is-rated-so-it = diese Partie ist gewertet und wird daher zwischen Konten gespielt: melde dich an, um mitzuspielen
you-play-in-this-game-already = du spielst schon in dieser Partie (ein Konto nimmt einen Platz einer Partie)
lobby-game-lacks-the-seats-it = der Partie aus der Lobby fehlen die Plätze, mit denen sie erstellt wurde
you-play-no-seat-of-game = du spielst keinen Platz der Partie { $id }
you-organise-under-way-tournaments-not = du organisierst { $under_way } noch nicht beendete Turniere, so viele wie ein Konto darf
tournament-by-invitation = dieses Turnier ist nur mit Einladung: öffne den Link, den dir die Organisation gegeben hat
entered-already = du bist schon für dieses Turnier angemeldet
withdrawn-for-good = du hast dich von diesem Turnier abgemeldet: nur eine laufende Arena nimmt Spieler wieder auf
entries-closed = die Anmeldung zu diesem Turnier ist geschlossen
this-tournament-is-full-max-entrants = dieses Turnier ist voll ({ $max_entrants } Teilnehmer)
entries-closed-meanwhile = die Anmeldung wurde inzwischen geschlossen oder das Turnier ist voll
not-entered = du bist nicht für dieses Turnier angemeldet
you-have-withdrawn-already = du hast dich schon abgemeldet
this-tournament-is-over = dieses Turnier ist vorbei
the-chat-of-a-tournament-is-its-players = im Chat eines Turniers schreiben seine Spieler und seine Turnierleitung: melde dich an, um zu schreiben
this-tournament-s-chat-holds-cap-messages = der Chat dieses Turniers hat { $cap } Nachrichten, so viele wie er darf
late-entry-and-byes-are-for-a-swiss = späte Anmeldung und Freilose werden nur für ein Schweizer System gewählt
half-point-byes-are-0-to-rounds = einem Spieler können 0 bis { $rounds } halbe Freipunkte angeboten werden (die Runden dieses Turniers)
byes-are-asked-for-in-a-swiss = Freilose gibt es auf Wunsch nur im Schweizer System: die anderen Arten paaren alle
round-is-1-to-rounds = die Runde ist 1 bis { $rounds }
round-text-is-not-a-round = `{ $text }` ist keine Runde: eine Runde ist eine Zahl ab 1
round-round-is-paired-already = Runde { $round } ist schon gepaart: ein Freilos wird gewünscht, bevor seine Runde gepaart ist
you-have-a-bye-in-round-round = du hast in Runde { $round } schon ein Freilos
half-point-byes-max-are-taken = du hattest die { $max } halben Freipunkte, die dieses Turnier anbietet; ein Freilos ohne Punkt geht noch
you-have-no-bye-in-round-round = du hast für Runde { $round } kein Freilos gewünscht
first-round-cannot-be-paired = die erste Runde kann nicht gepaart werden
board-names-no-entrant = ein Brett nennt keinen Teilnehmer
storage-failed = der Speicher ist fehlgeschlagen: { $detail }
stored-game-does-not-replay = die gespeicherte Partie lässt sich nicht nachspielen: { $detail }
method-not-allowed = { $method } ist hier nicht erlaubt (erlaubt: { $allowed })
body-too-large = der Inhalt der Anfrage ist größer als die Grenze von { $kib } KiB
request-took-too-long = die Anfrage brauchte zu lange, um anzukommen
request-refused = { $detail }
internal = der Server ist bei dieser Anfrage gescheitert; sie wurde mit ihrer Kennung protokolliert
unknown-game = unbekanntes Spiel `{ $game }` (bekannt: { $known })
move-illegal = unerlaubter Zug `{ $move }`; erlaubt sind hier: { $legal }
count-moves-asked-at-most-max = { $count } Züge verlangt: höchstens { $max } werden von einer Stellung aus gespielt
unreadable = { $reason }
settings-refused = { $reason }
record-refused = { $reason }
computer-refused = { $detail }
search-queue-full = zu viele Suchen warten; versuche es gleich noch einmal
rating-computation-failed = die Wertungsberechnung ergab { $after } aus { $before }
what-may-not-contain-invisible-characters = { $what ->
    [reason] eine Begründung
    [details] der Text der Meldung
    [tournament] der Name eines Turniers
    [message] eine Nachricht
   *[name] ein Name
} darf keine unsichtbaren, Steuer- oder Textrichtungszeichen enthalten (enthält U+{ $code })
challenges-are-to-two-player-games = eine Herausforderung gilt einem Spiel zu zweit (diese Einstellungen haben mehr Spieler)
you-cannot-follow-yourself = du kannst dir nicht selbst folgen
you-follow-cap-players-already = du folgst schon { $cap } Spielern, so vielen wie erlaubt; entfolge zuerst einem
tournaments-are-for-two-player-games = Turniere sind für Spiele zu zweit (wähle zwei Spieler in den Einstellungen)
side = { $side ->
    [white] Weiß
    [black] Schwarz
    [red] Rot
    [blue] Blau
    [first-player] Spieler 1
    [second-player] Spieler 2
    [north-west] Nordwest
    [north-east] Nordost
    [south-west] Südwest
    [south-east] Südost
   *[other] { $name }
}
that-device-is-not-known = Dieses Gerät ist nicht bekannt.
no-session-of-yours-by-that-name = keine deiner Sitzungen hat diesen Namen (vielleicht ist sie schon beendet)
name-belongs-to-an-account = der Name { $name } gehört zu einem Konto: melde dich an, um unter ihm zu spielen, oder wähle einen anderen
name-is-kept-for-the-site = der Name { $name } ist für die Seite reserviert (er liest sich als `{ $reserved }`); wähle einen anderen
two-step-sign-in-is-on-already = die Anmeldung in zwei Schritten ist schon an (schalte sie zuerst aus, um eine andere App einzurichten)
set-up-two-step-sign-in-first = richte die Anmeldung in zwei Schritten zuerst ein (oder neu: sie wurde inzwischen neu eingerichtet)
two-step-sign-in-is-off = die Anmeldung in zwei Schritten ist aus
that-code-is-not-right = dieser Code stimmt nicht (die sechs Ziffern, die deine App jetzt zeigt, oder einer deiner Wiederherstellungscodes)
that-code-was-used-already = dieser Code wurde schon verwendet; warte auf den nächsten, den deine App zeigt
this-account-asks-for-a-code = dieses Konto meldet sich in zwei Schritten an: gib den Code ein, den deine App zeigt, oder einen Wiederherstellungscode
stored-second-factor-cannot-be-read = das gespeicherte Geheimnis der Anmeldung in zwei Schritten ist nicht lesbar
second-factor-address-cannot-be-made = die Adresse für die Authenticator-App lässt sich nicht bilden


# Die Texte der Spiele (crates/tafel-server/src/domain/game_texts.rs).

## black-path
black-path-summary = Verlängere einen Pfad mit Plättchen; wer ihn an den Rand führt, verliert (Larry Black, 1960).
black-path-size = Brettgröße
black-path-size-help = Zeilen und Spalten des Bretts
black-path-size-form = ZEILENxSPALTEN, höchstens 1024 Felder (z. B. 8x8, 3x5, 1x7)
black-path-start = Startkante
black-path-start-help = die Einheitskante am Rand, an der der Pfad beginnt
black-path-start-form = ZEILE,SPALTE,SEITE: eine Seite eines Randfelds (ab 0 gezählt, N E S W)
black-path-reason-the-path-ran-into-the-boundary = der Pfad ist an den Rand gestoßen

## carreaux
carreaux-summary = Schiebe Steine in das eine leere Feld; erlaubt sind nur Züge, die den Gesamtgruppenwert senken; wer alle eigenen Steine verbindet, gewinnt (Mark Steere, 2025).
carreaux-size = Brettgröße
carreaux-size-help = Felder je Kante des quadratischen Bretts (gerade)
carreaux-layout = Startaufstellung
carreaux-layout-help = Startaufstellung (das Originaldiagramm ist verloren): Schachbrett, geteilt an der Diagonale der Lücke, in Hälften oder in abwechselnden Reihen
carreaux-layout-diag = Diagonale
carreaux-layout-halves = Hälften
carreaux-layout-rows = Reihen
carreaux-stalemate = Wenn kein Schieben erlaubt ist
carreaux-stalemate-help = wenn kein Schieben erlaubt ist, endet die Partie: Remis, oder verloren für den, der am Zug ist (unsere Regelung: das Original nimmt an, dass es nie vorkommt)
carreaux-stalemate-draw = Remis
carreaux-stalemate-mover-loses = am Zug verliert
carreaux-group = Gruppenwert
carreaux-group-help = Gruppenwert: Summe der N-1 kleinsten Paarabstände (die Regel des Autors), oder Spannbaum = Gewicht des minimalen Spannbaums (Variante, nicht die Regel des Autors)
carreaux-group-sum = Summe
carreaux-group-mst = Spannbaum
carreaux-rule = Erlaubte Schiebezüge
carreaux-rule-help = erlaubte Schiebezüge: wörtlich = muss den Gesamtgruppenwert senken (die Regel des Autors), oder frei = jeder Zug, der keine frühere Stellung wiederholt (Variante, nicht die Regel des Autors)
carreaux-rule-literal = wörtlich
carreaux-rule-free = frei
carreaux-ply-limit = Halbzuggrenze
carreaux-ply-limit-help = nur mit freien Schiebezügen: nach so vielen Halbzügen endet die Partie remis
carreaux-ply-limit-form = eine ganze Zahl von Halbzügen, 0 = keine Grenze
carreaux-reason-all-red-tiles-are-connected = alle roten Steine sind verbunden
carreaux-reason-all-blue-tiles-are-connected = alle blauen Steine sind verbunden
carreaux-reason-no-slide-lowers-the-total-group-value-draw = kein Schiebezug senkt den Gesamtgruppenwert: Remis
carreaux-reason-no-slide-lowers-the-total-group-value-the-player-to-move-loses = kein Schiebezug senkt den Gesamtgruppenwert: wer am Zug ist, verliert
carreaux-reason-every-slide-would-repeat-a-position-draw = jeder Schiebezug würde eine Stellung wiederholen: Remis
carreaux-reason-every-slide-would-repeat-a-position-the-player-to-move-loses = jeder Schiebezug würde eine Stellung wiederholen: wer am Zug ist, verliert
carreaux-reason-ply-limit-reached = Halbzuggrenze erreicht

## einstein
einstein-summary = Sechs nummerierte Würfel je Seite auf 5 x 5: der Würfel nennt den Stein; bring ihn in die gegenüberliegende Ecke oder schlage alle gegnerischen (Ingo Althöfer, 2004).
einstein-start = Startaufstellung
einstein-start-help = zufällig: die sechs Würfel jeder Seite werden zufällig in ihre Ecke gestellt (wie OpenSpiel); selbst aufstellen: jeder stellt seine selbst auf, wer beginnt zuerst (wie im Original, wo beide wählen)
einstein-start-random = zufällig
einstein-start-placement = selbst aufstellen
einstein-first = Wer beginnt
einstein-first-help = wer zuerst würfelt und zieht: Weiß (unten rechts), wie OpenSpiel, oder Schwarz (oben links); das Original überlässt es den Spielern
einstein-first-white = Weiß
einstein-first-black = Schwarz
einstein-reason-reached-the-opposite-corner = gegenüberliegende Ecke erreicht
einstein-reason-took-all-the-opponent-s-cubes = alle Würfel des Gegners geschlagen

## karls-race
karls-race-summary = EinStein würfelt nicht ohne Zahlen: der Würfel nennt eine Quadratgröße auf Karl Scherers Zerlegung (Ingo Althöfer, 2006).
karls-race-players = Spieler
karls-race-players-help = zwei Spieler, oder vier in zwei Teams (NW + SO gegen NO + SW)
karls-race-start = Startfelder
karls-race-start-help = die sechs Startfelder von Schwarz bei zwei Spielern; die von Weiß sind ihr um eine halbe Drehung gedrehtes Bild
karls-race-start4 = Startfelder
karls-race-start4-help = vier Spieler: die vier Felder im eigenen Viertel, oder das Eckfeld und seine drei Nachbarn nach vorn
karls-race-start4-quadrant = Viertel
karls-race-start4-corner = Ecke
karls-race-first = Wer beginnt
karls-race-first-help = wer beginnt (im Original Weiß, oder wer die vorige Partie verloren hat); bei vier Spielern eine Ecke, Weiß und Schwarz nennen auch die Ecken Südost und Nordwest
karls-race-first-white = Weiß
karls-race-first-black = Schwarz
karls-race-first-se = Südost
karls-race-first-sw = Südwest
karls-race-first-nw = Nordwest
karls-race-first-ne = Nordost
karls-race-reason-reached-the-opposite-corner = gegenüberliegende Ecke erreicht
karls-race-reason-the-opponents-have-no-stone-left = die Gegner haben keinen Stein mehr

## kauri
kauri-summary = Säe Samen, dann Kauris; Kauris schlagen Samen aus den Mulden des Gegners (Ralf Gering, 2006).
kauri-tiebreak = Gleichstand
kauri-tiebreak-help = Gleichstand: keine = Remis; alte Regel = mit den Kauris weiterspielen, bis ein Spieler nicht mehr ziehen kann
kauri-tiebreak-none = keine
kauri-tiebreak-old = alte Regel
kauri-ply-limit = Halbzuggrenze
kauri-ply-limit-help = die Partie nach so vielen Halbzügen beenden, gewertet nach geschlagenen Samen
kauri-ply-limit-form = eine Zahl von Halbzügen, 0 = keine Grenze
kauri-reason-no-seed-left = keine Samen mehr
kauri-reason-position-repeated = Stellung wiederholt
kauri-reason-ply-limit-reached = Halbzuggrenze erreicht
kauri-reason-tie-break-no-move-left = Stichentscheid: kein Zug mehr

## quarx
quarx-summary = Dame in vier Dimensionen: Steine und fliegende Damen auf einem 4x4x4x4-Hyperwürfel.
quarx-setup = Aufstellung
quarx-setup-help = wo die acht Steine jeder Seite jenseits der ersten Reihe stehen (die Zeichnung ist verloren)
quarx-setup-diagonals = Diagonalen
quarx-setup-central = zentral
quarx-setup-corners = Ecken
quarx-setup-bottom = unten
quarx-ply-limit = Halbzuggrenze
quarx-ply-limit-help = die Partie nach so vielen Halbzügen remis geben (die Regeln kennen keine Grenze)
quarx-ply-limit-form = eine Zahl von Halbzügen, 0 für keine
quarx-reason-no-pieces-left = keine Steine mehr
quarx-reason-no-legal-move = kein erlaubter Zug
quarx-reason-ply-limit-reached = Halbzuggrenze erreicht

## Die Ergebnisse der Partien (domain/game_texts.rs).
list-and = { $first } und { $last }
result-win = { $names } { $count ->
    [one] gewinnt
   *[several] gewinnen
} ({ $reason })
result-win-scores = { $names } { $count ->
    [one] gewinnt
   *[several] gewinnen
} { $scores } ({ $reason })
result-draw = Remis ({ $reason })
result-draw-scores = Remis { $scores } ({ $reason })
result-resigned = { $names } { $count ->
    [one] gewinnt
   *[several] gewinnen
} (Aufgabe durch { $losers })
result-out-of-time = { $names } { $count ->
    [one] gewinnt
   *[several] gewinnen
} (Zeit abgelaufen: { $name })
result-forfeited = { $names } { $count ->
    [one] gewinnt
   *[several] gewinnen
} ({ $name } hat die Partie verwirkt)
result-agreed = Remis (vereinbart)
result-aborted = abgebrochen ({ $name } hat nicht rechtzeitig gezogen)
result-called-off = abgebrochen ({ $name } hat die Partie abgebrochen)

## E-Mail und Passwort zurücksetzen (play/recovery.rs, play/mailer.rs)
that-e-mail-address-is-too-long = diese E-Mail-Adresse ist zu lang (höchstens { $max } Zeichen)
that-is-not-an-e-mail-address = das ist keine E-Mail-Adresse
that-link-is-used-expired-or-wrong = dieser Link ist benutzt, abgelaufen oder falsch: fordere einen neuen an
this-server-sends-no-mail = dieser Server verschickt keine E-Mails: bitte seinen Betreiber um einen Link, der dein Passwort zurücksetzt
mails-for-this-account-are-many = in der letzten Stunde wurden { $count } E-Mails für dieses Konto verschickt; versuch es später noch einmal
the-mail-could-not-be-sent = die E-Mail konnte nicht verschickt werden; versuch es später noch einmal
that-is-neither-a-username-nor-an = das ist weder ein Benutzername noch eine E-Mail-Adresse
no-account-is-named-name = kein Konto heißt { $name }
this-address-has-asked-for-many = von dieser Adresse wurde in kurzer Zeit oft ein neues Passwort angefordert; warte ein wenig
mail-verify-subject = Tafel: bestätige deine E-Mail-Adresse
mail-verify-body =
    Hallo { $username },

    bitte bestätige, dass dies deine E-Mail-Adresse ist, indem du diesen Link öffnest:

    { $link }

    Der Link funktioniert einmal, innerhalb von { $hours } Stunden. Wenn du Tafel diese Adresse
    nicht gegeben hast, beachte diese E-Mail nicht: es ändert sich nichts.
mail-reset-subject = Tafel: setze dein Passwort zurück
mail-reset-body =
    Hallo { $username },

    jemand (hoffentlich du) hat darum gebeten, das Passwort deines Tafel-Kontos zurückzusetzen.
    Wähle ein neues Passwort, indem du diesen Link öffnest:

    { $link }

    Der Link funktioniert einmal, innerhalb von { $minutes } Minuten; ein neues Passwort meldet
    dein Konto überall ab. Wenn du nicht darum gebeten hast, beachte diese E-Mail nicht: dein
    Passwort bleibt.
## The games' and the engine's reasons by code (tafel_core::Reason): `reason-CODE`, with the
## reason's parameters. Their English is where the reason is made (`reason!`), so the English
## catalogue has none of them; `domain::catalogue`'s tests fail while a code lacks its words here.

reason-black-path-exit = der Pfad kommt durch { $entry } herein und kann daher nicht durch { $side } hinaus
reason-black-path-move = erwartet: ein Plättchen 1, 2 oder 3 oder eine Ausgangsseite N, E, S oder W
reason-black-path-off-path = das Plättchen in Reihe { $row }, Spalte { $col } liegt nicht auf dem Pfad von der Startkante
reason-black-path-row-length = Reihe { $row } hat { $count } Felder, aber das Brett hat { $cols } Spalten
reason-black-path-rows = { $rows } Reihen, aber das Brett hat { $n } (passe size= an)
reason-black-path-square = `{ $ch }` ist nicht `.`, `1`, `2` oder `3`
reason-black-path-start-boundary = diese Seite dieses Felds liegt nicht am Rand eines Bretts { $size }
reason-black-path-start-form = ZEILE,SPALTE,SEITE wie 0,0,W
reason-black-path-start-number = `{ $text }` ist keine Zeilen- oder Spaltennummer
reason-black-path-start-side = `{ $text }` ist keine Seite (N, E, S oder W)
reason-board-file-fit = Feld { $name } passt nicht auf das Brett
reason-board-file-json = { $detail }
reason-board-file-name = Feld { $index } heißt { $name }, nicht { $expected }
reason-board-file-order = die Felder bedecken das Brett nicht in Lesereihenfolge
reason-board-file-overlap = Feld { $name } überlappt ein anderes
reason-board-file-size = erwartet: { $squares } Felder auf einer Seite von { $side }, gefunden: { $found } auf { $found_side }
reason-both-sides-win = beide Seiten erfüllen eine Siegbedingung
reason-carreaux-both-connected = die Steine beider Farben sind schon verbunden
reason-carreaux-cell = `{ $ch }` ist nicht R, B, G oder . (die Lücke)
reason-carreaux-cell-name = erwartet: ein Feld wie b6, erst der Buchstabe der Linie, dann die Nummer der Reihe
reason-carreaux-code-form = erwartet: die Seite am Zug, `:` und die Reihen, wie r:.BGB/RGBG/...
reason-carreaux-code-form-history = erwartet: die Seite am Zug, `:` und die Reihen und wahlweise die gespielten Halbzüge und die Hashes der früheren Stellungen, wie r:.BGB/RGBG/...
reason-carreaux-file = auf einem Brett { $n } x { $n } gibt es keine Linie { $file } (Linien a bis { $last })
reason-carreaux-no-bubble = keine Lücke: genau ein Feld muss leer sein (`.`)
reason-carreaux-plies = die gespielten Halbzüge müssen eine ganze Zahl ab 0 sein
reason-carreaux-plies-limit = die gespielten Halbzüge müssen eine ganze Zahl von 0 bis zur Halbzuggrenze { $limit } sein
reason-carreaux-rank = auf einem Brett { $n } x { $n } gibt es keine Reihe { $rank } (Reihen 1 bis { $n })
reason-carreaux-rank-length = Reihe { $rank } hat { $count } Felder, aber das Brett hat { $n } Linien
reason-carreaux-rows = { $rows } Reihen, aber das Brett hat { $n } (passe size= an)
reason-carreaux-second-bubble = eine zweite Lücke: es gibt genau ein leeres Feld
reason-carreaux-side = die Seite am Zug muss `r` oder `b` sein
reason-carreaux-size = die Brettseite muss gerade sein, von 4 bis { $max }
reason-carreaux-too-few = jede Farbe braucht mindestens zwei Steine
reason-carreaux-unequal = Rot hat { $red } Steine und Blau { $blue }: die Anzahlen müssen gleich sein
reason-die-value = ein Würfel zeigt 1 bis 6
reason-einstein-arranged = vor Beginn der Partie stehen die sechs Würfel von { $name } in der eigenen Ecke ({ $squares })
reason-einstein-arrangement = eine Aufstellung sind sechs Ziffern, die Nummern der Würfel in Lesereihenfolge
reason-einstein-arrangement-number = `{ $c }` ist keine Würfelnummer (1 bis 6)
reason-einstein-arrangement-twice = Würfel { $d } kommt zweimal vor
reason-einstein-arranges-first = mit diesen Einstellungen stellt { $name } die Würfel zuerst auf
reason-einstein-arranges-second = mit diesen Einstellungen stellt { $name } die Würfel als Zweites auf
reason-einstein-arranging = { $name } stellt gerade die Würfel auf, also darf noch keiner davon auf dem Brett stehen
reason-einstein-code-form = erwartet: die Seite, die handelt (w oder b, mit dem Würfel oder s), `:`, dann die fünf Reihen des Bretts von oben, getrennt durch `/`
reason-einstein-cube-number = auf den Buchstaben eines Würfels folgt seine Nummer, 1 bis 6
reason-einstein-cube-twice = { $side } hat zwei Würfel mit der Nummer { $number }
reason-einstein-move = erwartet: eine Augenzahl 1 bis 6, einen Schritt VON-NACH wie b4-c3 oder eine Aufstellung aus sechs Ziffern wie 614325
reason-einstein-phase = nach der Seite kommt nichts (der Würfel wird geworfen), die Augenzahl 1 bis 6 oder s (Aufstellung), nicht `{ $other }`
reason-einstein-rank-length = Reihe { $rank } hat { $column } Felder, nicht { $side }
reason-einstein-rank-long = Reihe { $rank } hat mehr als { $side } Felder (Reihen werden durch `/` getrennt)
reason-einstein-ranks = das Brett hat { $side } Reihen, nicht { $count }
reason-einstein-ranks-more = das Brett hat { $side } Reihen, nicht mehr
reason-einstein-side = die Seite, die handelt, ist w (Weiß) oder b (Schwarz)
reason-einstein-square = `{ $letter }` ist kein Feld: `.` (leer) oder w oder b und eine Nummer
reason-einstein-square-name = `{ $name }` ist kein Feld (a1 bis e5)
reason-game-over = die Partie ist vorbei
reason-grid-cells = höchstens { $max } Felder, nicht { $count }
reason-grid-side = jede Seite muss eine ganze Zahl von 1 bis { $max } sein
reason-grid-size-form = ZEILENxSPALTEN wie 8x8
reason-history-hash = `{ $hex }` ist kein Hash einer Stellung (16 Hexadezimalziffern)
reason-history-too-many = { $count } frühere Stellungen, mehr als die { $plies } gespielten Halbzüge
reason-illegal-move = unerlaubter Zug `{ $text }`; erlaubt sind hier: { $legal }
reason-karls-race-code-form-2 = erwartet: { $count } Felder, getrennt durch `:` (w oder b, dann die Felder von Schwarz, dann die von Weiß), gefunden: { $found }
reason-karls-race-code-form-4 = erwartet: { $count } Felder, getrennt durch `:` (se, sw, nw oder ne, dann die Felder von NW, NO, SW und SO), gefunden: { $found }
reason-karls-race-die = der Würfel muss eine Ziffer von 1 bis { $max } sein, nicht `{ $die }`
reason-karls-race-empty-field = das Feld von { $name } ist leer: schreib `-` für keine Steine
reason-karls-race-first = bei zwei Spielern kann nur white oder black beginnen
reason-karls-race-first-form = white oder black (zwei Spieler) oder se, sw, nw oder ne (vier Spieler)
reason-karls-race-move = erwartet: eine Augenzahl 1 bis 6, einen Schritt VON-NACH wie U-S oder pass
reason-karls-race-no-stone-die = wer am Zug ist, hat keinen Stein, also kann nicht gewürfelt werden
reason-karls-race-side = `{ $word }` ist keine Seite am Zug (erwartet: { $words })
reason-karls-race-square = `{ $letter }` ist kein Feld (A bis U)
reason-karls-race-too-many = { $name } hat { $count } Steine, aber ein Spieler beginnt mit { $start }
reason-karls-race-two-stones = auf Feld { $square } stehen zwei Steine
reason-kauri-captures = schlägt { $d }
reason-kauri-captures-loses = schlägt { $d } und verliert { $i }
reason-kauri-captures-nothing = schlägt nichts
reason-kauri-claim-draw = ein Remis mit { $a } : { $b }
reason-kauri-claim-player = einen Sieg von Spieler { $p } mit { $w } : { $l }
reason-kauri-claim-win = einen Sieg mit { $w } : { $l }
reason-kauri-code-fields = { $fields } Felder, getrennt durch `/`, erwartet: 4 Felder SEITE/REIHE/REIHE/GEWINNMULDEN (HALBZÜGE nur mit einer Halbzuggrenze)
reason-kauri-code-fields-plies = { $fields } Felder, getrennt durch `/`, erwartet: 4 oder 5 Felder SEITE/REIHE/REIHE/GEWINNMULDEN[/HALBZÜGE]
reason-kauri-cowries = das Brett enthält { $n } Kauris, aber das Spiel hat 12
reason-kauri-hole = Mulde `{ $hole }` ist nicht SAMEN+KAURIS wie 5+1 (Anzahlen bis 60)
reason-kauri-loses = verliert { $i }
reason-kauri-move = erwartet: eine Mulde a..f oder A..F oder `pass`
reason-kauri-plies = die Halbzüge müssen eine ganze Zahl sein
reason-kauri-plies-form = eine Zahl von Halbzügen (0 = keine Grenze)
reason-kauri-record-annotation = `({ $inner })` ist keine Schlagangabe wie (+2), (-1) oder (+1;-1)
reason-kauri-record-annotation-alone = `({ $inner })` folgt keinem Halbzug
reason-kauri-record-annotation-missing = `{ $ply }` { $captures }, aber die Aufzeichnung gibt nichts an
reason-kauri-record-annotation-wrong = `{ $ply }` { $captures }, aber die Aufzeichnung sagt ({ $inner })
reason-kauri-record-chain = zwei Halbzüge derselben Seite ({ $side }) in einem Zug müssen mit `-` verkettet werden
reason-kauri-record-chain-one = eine Kette `-` verbindet Halbzüge eines Spielers
reason-kauri-record-dash = `-` muss zwei Halbzüge verbinden, wie in `d-a-f`
reason-kauri-record-dash-ply = auf `-` muss ein Halbzug folgen
reason-kauri-record-ends-dash = die Aufzeichnung endet mit `-`
reason-kauri-record-no-pass = `{ $text }` ist ein Halbzug für: { $side }; am Zug ist aber: { $other }, und muss nicht passen
reason-kauri-record-number = eine Zahl muss eine Zugnummer sein, wie `{ $n }.`
reason-kauri-record-number-large = Zugnummer zu groß
reason-kauri-record-order = in einem Zug kommt der Halbzug des ersten Spielers vor dem des zweiten
reason-kauri-record-start = eine Aufzeichnung beginnt mit der Zugnummer `1.`
reason-kauri-record-unclosed = `{ $c }` ohne schließendes `{ $close }`
reason-kauri-record-unexpected = unerwartetes `{ $c }`
reason-kauri-record-word = `{ $word }` ist kein Halbzug (a..f, A..F oder pass)
reason-kauri-result-claim = die Ergebniszeile behauptet { $claim }, aber { $why } (Gewinnmulden: Spieler 1 { $first }, Spieler 2 { $second })
reason-kauri-result-differ = die Punktzahlen sind verschieden
reason-kauri-result-drawn = die Partie ist remis
reason-kauri-result-line = die Ergebniszeile `{ $line }` ist nicht `NAME won by W : L points` oder `Draw by N : N points`
reason-kauri-result-not-drawn = die Partie ist nicht remis
reason-kauri-result-order = die Punktzahl des Siegers kommt zuerst
reason-kauri-result-stores = die Gewinnmulden sagen etwas anderes
reason-kauri-row = eine Reihe hat 6 Mulden, getrennt durch `,`, gefunden: { $count }
reason-kauri-seeds = Brett und Gewinnmulden enthalten { $n } Samen, aber das Spiel hat 60
reason-kauri-side = Seite am Zug `{ $other }` ist nicht `a` (Spieler 1) oder `A` (Spieler 2)
reason-kauri-stores = die Gewinnmulden müssen ERSTER,ZWEITER sein, wie 0,0
reason-over-no-die = die Partie ist vorbei, also kann nicht gewürfelt werden
reason-plies-form = eine ganze Zahl von Halbzügen (0 = keine Grenze)
reason-quarx-board-cells = Brett { $n } hat { $filled } Felder, erwartet: 8
reason-quarx-board-long = Brett { $n } hat mehr als 8 Felder
reason-quarx-boards = { $n } Bretter, erwartet: 16, getrennt durch `/`
reason-quarx-cell-digit = `{ $ch }` im Feld `{ $text }` ist keine Ziffer von 1 bis 4
reason-quarx-cell-length = ein Feld hat vier Ziffern xyab, nicht `{ $text }`
reason-quarx-cell-odd = Feld { $text } ist nicht bespielbar (seine Quersumme ist ungerade)
reason-quarx-code-char = `{ $ch }` ist nicht o, O, x, X, `.` oder 1..8
reason-quarx-code-fields = erwartet: höchstens die Bretter, `:` und die Halbzüge, `:` und die Hashes der früheren Stellungen
reason-quarx-code-form = erwartet: `w:` oder `b:` (die Seite am Zug) und 16 Bretter, getrennt durch `/`
reason-quarx-jumped-twice = { $cell } wird zweimal übersprungen
reason-quarx-man-promotion = ein Stein auf { $cell } steht auf seiner Umwandlungsreihe
reason-quarx-many-between = mehr als ein Stein zwischen { $from } und { $to }
reason-quarx-move = erwartet: VON-NACH (2233-2323) oder einen Schlag VONxLANDEFELDx... (3333x1111x3311)
reason-quarx-move-mixed = ein Zug ist entweder VON-NACH oder ein Schlag mit `x` zwischen den Feldern, nicht beides
reason-quarx-move-two = ein Schritt oder Gleiten nennt zwei Felder, VON-NACH
reason-quarx-no-piece = kein Stein von { $side } auf { $cell }
reason-quarx-not-empty = { $cell } ist nicht leer
reason-quarx-not-on-line = { $cell } liegt nicht auf einer Linie mit { $other }
reason-quarx-not-opponent = auf { $cell } steht kein gegnerischer Stein
reason-quarx-nothing-between = kein Stein zwischen { $from } und { $to }
reason-quarx-plies = `{ $text }` ist keine Zahl von Halbzügen
reason-quarx-plies-form = eine ganze Zahl von Halbzügen (0 für keine)
reason-record-after-end = `{ $text }` kommt nach dem Ende der Partie
reason-record-comment-open = ein Kommentar `{"{"}` hat kein schließendes `{"}"}`
reason-record-ended-by-moves = laut Aufzeichnung endete die Partie durch { $termination }, aber ihre Züge beenden sie: `{ $actual }`
reason-record-json = JSON: { $detail }
reason-record-line = Zeile { $n }: { $reason }
reason-record-move = Zug { $n }: { $why }
reason-record-move-number = Zugnummer { $n } gefunden, wo { $number } erwartet war
reason-record-no-result = laut Aufzeichnung endete die Partie durch { $termination }, aber sie gibt kein Ergebnis an
reason-record-other-game = die Aufzeichnung ist für `{ $name }`, nicht für `{ $game }`
reason-record-result = das Ergebnis der Aufzeichnung ist `{ $claimed }`, aber die Züge ergeben `{ $actual }`
reason-record-result-by-termination = das Ergebnis `{ $claimed }` der Aufzeichnung folgt nicht aus dem Ende durch { $termination }; es wäre { $possible }
reason-record-start-other-game = die Startstellung gehört zu einem anderen Spiel
reason-record-tag-line = eine Tag-Zeile muss wie [Name "value"] aussehen
reason-record-tag-parts = ein Tag braucht einen Namen und einen Wert in Anführungszeichen
reason-record-tag-quotes = der Wert eines Tags steht in doppelten Anführungszeichen
reason-record-termination = unbekanntes Partieende `{ $text }` (bekannt: { $known })
reason-setting-choices = erwartet: eines von { $choices }
reason-setting-form = erwartet: { $expected }
reason-setting-form-got = erwartet: { $expected }, nicht `{ $got }`
reason-setting-invalid = ungültiger Wert `{ $value }` für die Einstellung `{ $key }`: { $reason }
reason-setting-malformed = fehlerhafte Einstellung `{ $text }`: erwartet key=value
reason-setting-unknown = unbekannte Einstellung `{ $key }` für { $game } (bekannt: { $known })
reason-termination-aborted = Abbruch
reason-termination-agreement = Einigung
reason-termination-resignation = Aufgabe
reason-termination-rules-infraction = Regelverstoß
reason-termination-time-forfeit = Zeitüberschreitung
reason-unreadable = { $kind ->
        [move] ungültiger Zug
        [cell] ungültiges Feld
        [record] ungültige Aufzeichnung
        [board-file] ungültige Brettdatei
       *[other] ungültiger Stellungscode
    } `{ $input }`: { $reason }
reason-unreadable-at = { $kind ->
        [move] ungültiger Zug
        [cell] ungültiges Feld
        [record] ungültige Aufzeichnung
        [board-file] ungültige Brettdatei
       *[other] ungültiger Stellungscode
    } `{ $input }` bei Zeichen { $at }: { $reason }
reason-algorithm-alpha-beta = Alpha-Beta, Tiefe { $depth } oder { $nodes } Knoten, { $leaf }
reason-algorithm-expectimax = Expectimax (Star1), Tiefe { $depth } oder { $nodes } Knoten, { $leaf }
reason-algorithm-mcts = MCTS, { $iterations } Iterationen, { $leaf }
reason-algorithm-perfect = perfektes Spiel aus der exakten Lösung (sonst: { $otherwise })
reason-algorithm-random = zufällige Züge
reason-effort-alpha-beta = Alpha-Beta, Tiefe { $depth }, { $nodes } Knoten
reason-effort-board-too-large = das Brett ist zu groß für die exakte Suche; ein Zug, der nicht sofort verliert
reason-effort-domino-loss = bewiesener Verlust: Domino-Strategie für den Gegner
reason-effort-domino-win = bewiesener Sieg: Domino-Strategie
reason-effort-exact-solution = exakte Lösung: { $positions } Stellungen ({ $new } neu)
reason-effort-expectimax = Expectimax, Tiefe { $depth }, { $nodes } Knoten
reason-effort-mcts = MCTS, { $iterations } Iterationen in der Wurzel
reason-effort-node-limit = die exakte Suche hat ihre Knotengrenze erreicht; ein Zug, der nicht sofort verliert
reason-effort-random = zufälliger Zug
reason-effort-reply-domino-lost = bewiesener Sieg: die Stellung nach dem Zug ist per Domino verloren
reason-effort-search-loss = bewiesener Verlust: exakte Suche, { $nodes } Knoten
reason-effort-search-win = bewiesener Sieg: exakte Suche, { $nodes } Knoten
reason-effort-solved-table = perfektes Spiel aus der gelösten Tabelle
reason-effort-solver = exakt: der Löser des Spiels
reason-effort-tie-break-table = Tabelle der Entscheidungsphase (Rückwärtsanalyse)
reason-free-rule-unsolved = rule=free (eine Variante) verbietet, eine frühere Stellung wiederherzustellen; was eine Stellung erlaubt, hängt also von der ganzen Partie davor ab: ihr Spielbaum ist kein Graph von Stellungen und für diesen Löser außer Reichweite (nimm rule=literal)
reason-karls-race-four-unsolved = nur das Spiel zu zweit von Karl's Race ist gelöst
reason-leaf-cut-playout = zufällige Ausspielungen, nach { $n } Halbzügen abgebrochen und mit der Bewertung des Spiels bewertet
reason-leaf-heuristic = die Bewertung des Spiels an den Blättern
reason-leaf-playout = ein zufälliges Ausspielen je Blatt
reason-leaf-playouts = { $n } zufällige Ausspielungen je Blatt
reason-no-perfect-play = kein perfektes Spiel: { $why }; stattdessen spielt { $instead }
reason-not-solved = { $game } ist nicht gelöst
reason-table-invalid = { $path } ist keine brauchbare Tabelle für Karl's Race ({ $why }); neu bauen mit `tafel solve karls-race --out { $path }`
reason-table-io = { $path }: { $error }
reason-table-missing = keine Tabelle für Karl's Race unter { $path }: zu bauen mit `tafel solve karls-race --out { $path }` (einige Minuten, 2,3 GB Speicher und Platte)
reason-table-origin = der Ursprung `{ $origin }` passt nicht in den Kopf (höchstens { $max } ASCII-Zeichen)
reason-table-version = { $path } ist eine Tabelle für Karl's Race im Format { $found }, dieses Programm liest Version { $version }; neu bauen mit `tafel solve karls-race --out { $path }`

# Moderation (issue #45)
unknown-role = es gibt keine Rolle „{ $role }“ (es gibt: player, moderator)
a-mute-lasts-1-to-max-minutes = eine Stummschaltung dauert 1 bis { $max } Minuten
this-account-is-closed = dieses Konto wurde von den Moderatoren geschlossen
you-are-muted-until = du darfst bis { $until } nicht chatten: ein Moderator hat dich stummgeschaltet (siehe deine Einstellungen)
this-player-takes-no-messages-from = ein Spieler dieser Partie nimmt keine Nachrichten von dir an
you-cannot-play-this-player = du kannst nicht gegen diesen Spieler spielen: einer von euch blockiert den anderen
only-moderators-may-do-this = das dürfen nur Moderatoren
you-cannot-report-yourself = du kannst dich nicht selbst melden
you-cannot-block-yourself = du kannst dich nicht selbst blockieren
moderators-do-not-act-on-themselves = Moderatoren handeln nicht an ihrem eigenen Konto
player-wrote-no-such-line-in-this-game = { $player } hat keine solche Zeile in dieser Partie geschrieben
a-chat-line-is-reported-with-its-game = eine Chatzeile wird mit ihrer Partie, ihrem Raum und ihrer Nummer gemeldet
a-tournament-chat-line-is-reported-with = eine Zeile aus dem Chat eines Turniers wird mit dem Turnier und der Nummer der Zeile gemeldet, ohne Partie und ohne Raum
player-wrote-no-such-line-in-this-tournament = { $player } hat keine solche Zeile in den Chat dieses Turniers geschrieben
you-reported-this-player-already = du hast diesen Spieler schon gemeldet; ein Moderator wird es sich ansehen
you-have-cap-reports-waiting = du hast schon { $cap } Meldungen, die auf einen Moderator warten; warte, bis sie angesehen sind
you-block-cap-players-already = du blockierst schon { $cap } Spieler; gib zuerst einige frei
there-is-no-open-report-id = es gibt keine offene Meldung { $id }
this-account-is-closed-already = dieses Konto ist schon geschlossen
no-tournament-id-is-open-or = kein Turnier { $id } ist offen oder läuft
log-entry-just-written-cannot-be-read = der eben geschriebene Protokolleintrag lässt sich nicht lesen
only-the-organiser-corrects-results = nur die Turnierleitung darf ein Ergebnis berichtigen
no-game-on-that-board = an diesem Brett wurde in dieser Runde keine Partie gespielt
this-game-has-no-result-yet = diese Partie hat noch kein Ergebnis: berichtigt wird erst, wenn sie eines hat
only-the-organiser-changes-pairings = nur die Turnierleitung darf die Paarungen ändern
round-round-is-not-waiting-to-begin = Runde { $round } wartet nicht auf ihren Beginn: Paarungen werden von Hand geändert, nachdem die Runde gepaart ist und bevor ihre Partien beginnen (in der Pause zwischen den Runden)
pairings-are-changed-in-a-swiss = Paarungen werden nur in einem Schweizer System von Hand geändert
a-round-has-at-most-boards-boards = eine Runde hat höchstens { $boards } Bretter
a-round-has-one-bye-at-most = eine Runde hat höchstens ein Freilos
entrant-number-is-not-paired = Teilnehmer { $number } ist in dieser Runde da, aber nicht gepaart
entrant-number-is-paired-twice = Teilnehmer { $number } ist zweimal gepaart
entrant-number-is-absent-this-round = Teilnehmer { $number } fehlt in dieser Runde (zurückgezogen oder mit gewünschtem Freilos) und kann nicht gepaart werden
entrant-number-cannot-play-itself = Teilnehmer { $number } kann nicht gegen sich selbst spielen
these-pairings-cannot-be-read = diese Paarungen sind nicht lesbar: { $e }
result-is-not-one-of-the-results = ein Ergebnis ist eines von 1-0, 0-1, 1/2-1/2, +:-, -:+ und -:-

# Tutorials (issue #48)
no-course-for-game = für das Spiel `{ $game }` gibt es keinen Kurs
steps-done-beyond-the-course = { $steps } Schritte erledigt, aber der Kurs hat { $course }

# Puzzles (issue #48)
puzzle-line-unreadable = eine Zeile mit einem Rätsel ist nicht lesbar: { $reason }
puzzle-id-unreadable = die Rätsel-Id `{ $id }` besteht nicht aus 1 bis 64 Buchstaben, Ziffern, `-`, `_` oder `.`
puzzle-solution-length = die Lösung des Rätsels { $id } hat { $moves } Züge: sie braucht eine ungerade Zahl, höchstens { $max }
puzzle-themes-unreadable = das Rätsel { $id } hat mehr als 8 Themen oder eines, das kein Wort ist
puzzle-solver-not-to-move = im Rätsel { $id } ist vor { $mv } nicht der Lösende am Zug
puzzle-nobody-to-move = in der Stellung des Rätsels { $id } ist niemand am Zug
puzzle-moves-count = { $sent } Züge gesendet: dieses Rätsel braucht 1 bis { $needed } von deinen
browser-id-unreadable = eine Browser-Id besteht aus 8 bis 64 Buchstaben, Ziffern, `-`, `_` oder `.`
no-such-puzzle = es gibt kein Rätsel `{ $id }`
no-puzzle-left = du hast jedes Rätsel von { $game } schon versucht: keines ist übrig
no-puzzles-yet = es gibt noch keine Rätsel
puzzle-moves-too-fast = von dieser Adresse kommen Rätselzüge schneller als erlaubt; warte einen Moment
puzzle-moves-too-many = ein Versuch sendet höchstens { $max } Züge mit je höchstens { $chars } Zeichen
puzzle-solver-unknown = melde dich an oder sende die Id des Browsers (`browser`), um Rätsel zu lösen
