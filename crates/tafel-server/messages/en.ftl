# The server's messages in English: every key is here first (crates/tafel-server/src/domain/catalogue.rs).
# Keys are stable (clients read them as an error's `code`); the words may change.

password-may-not-contain-control-characters = a password may not contain control characters such as a line break or a tab
password-needs-at-least-min-password-length = a password needs at least { $min_password } characters (this one has { $length })
this-password-is-one-of-the = this password is one of the 20,000 most common passwords, which attackers try first; choose another
password-needs-at-least-min-besides-names = a password needs at least { $min_password } characters besides your username and the site's name
password-has-at-most-max-password = a password has at most { $max_password_bytes } bytes (this one has { $count })
hashing-a-password-failed-error = hashing a password failed: { $error }
stored-password-hash-is-not-a = a stored password hash is not a PHC string: { $error }
stored-password-hash-is-algorithm-not = a stored password hash is { $algorithm }, not argon2id
argon2-parameters-error = Argon2 parameters: { $error }
username-has-min-username-to-max = a username has { $min_username } to { $max_username } characters (this one has { $length })
username-may-have-only-the-letters = a username may have only the letters a to z and A to Z, digits, `_` and `-` (this one has { $wrong }); letters of other alphabets could imitate other names
username-starts-and-ends-with-a = a username starts and ends with a letter or a digit
username-may-not-have-two-of = a username may not have two of `_` and `-` in a row
username-name-is-kept-for-the = the username { $name } is kept for the site (it reads as `{ $reserved }`)
rated-game-needs-a-clock = a rated game needs a clock
nobody-else-plays-in-this-game = nobody else plays in this game at another screen: its players' chat is closed
you-play-in-this-game-players = you play in this game: players write in the players' chat, not the spectators'
fischer-clock-initial-time-is-1 = a Fischer clock's initial time is 1 to { $max_initial_seconds } seconds
fischer-clock-increment-is-0-to = a Fischer clock's increment is 0 to { $max_increment_seconds } seconds
correspondence-game-gives-1-to-max = a correspondence game gives 1 to { $max_days_per_move } days per move
only-a-clock-in-minutes-and = only a clock in minutes and seconds can be halved by going berserk
computer-does-not-agree-to-draws = the computer does not agree to draws
there-is-no-draw-offer-to-accept = there is no draw offer to accept
you-have-agreed-to-the-draw = you have agreed to the draw already; the others have not answered yet
there-is-no-draw-offer-to-decline = there is no draw offer to decline
there-is-no-rematch-offer-to-accept = there is no rematch offer to accept
there-is-no-rematch-offer-to-decline = there is no rematch offer to decline
you-have-offered-a-rematch = you have offered the rematch already; the others have not answered yet
game-cannot-be-aborted-any-more = the game can be aborted only before both sides have moved; resign instead
only-games-between-people-are-aborted = only a game between people can be aborted
tournament-games-are-not-aborted = a tournament game cannot be aborted
takeback-is-already-asked-for-answer = a takeback is already asked for; answer it or wait for the answer
no-takeback-is-asked-for = no takeback is asked for
you-have-agreed-to-this-takeback = you have agreed to this takeback already; the others have not answered yet
dice-seed-is-32-hexadecimal-digits = a dice seed is 32 hexadecimal digits
dice-seed-is-not-hexadecimal = a dice seed is 32 hexadecimal digits: { $e }
no-game-text = no game `{ $text }`
that-token-holds-no-seat-in = that token holds no seat in this game
no-invitation-with-that-code-in = no invitation with that code in this game
not-signed-in-the-session-has = not signed in (the session has ended or never was)
that-bot-token-opens-no-bot = that bot token opens no bot (revoked, or never issued)
name-has-num-players-seats-not = { $name } has { $num_players } seats, not { $count }
stored-move-does-not-replay = move { $i }: { $e }
chance-position-has-no-outcomes-a = a chance position has no outcomes (a rules bug)
there-is-no-move-of-yours = there is no move of yours to take back
game-is-over = the game is over
what-needs-at-least-one-character = { $what ->
    [reason] a reason
    [details] a report's text
    [message] a message
   *[name] a name
} needs at least one character
what-may-have-at-most-max = { $what ->
    [reason] a reason
    [details] a report's text
    [message] a message
   *[name] a name
} may have at most { $max } characters
games-against-the-computer-are-not = games against the computer are not rated
only-two-player-games-are-rated = only two-player games are rated (four-player team games are not)
games-at-one-screen-are-not = games at one screen are not rated: a rated game needs an invited seat
rated-game-is-played-between-accounts = a rated game is played between accounts: sign in to create one
unknown-result-text-win-draw-or = unknown result `{ $text }` (win, draw or loss)
rating-period-needs-at-least-one = a rating period needs at least one game
rating-volatility-did-not-converge = the rating's volatility did not converge
only-seats-at-the-creator-screen = only seats at the creator's screen are named at creation (an invited person gives their name on joining)
hints-are-for-the-seats-at = hints are for the seats at the creator's screen
computer-seat-needs-a-level-from = a computer seat needs a level from 1 to { $max_level }
only-computer-seats-have-a-level = only computer seats have a level
rated-seek-needs-an-account-sign = a rated seek needs an account: sign in first
rating-range-is-for-rated-seeks = a rating range is for rated seeks (casual games are open to everyone)
rating-range-lies-within-start-to = a rating range lies within { $start } to { $end } (not { $bound })
rating-range-lowest-min-is-above = the rating range's lowest ({ $min }) is above its highest ({ $max })
arena-boards-do-not-add-up = an Arena's boards do not add up: { $e }
game-without-a-clock-has-no = a game without a clock has no berserk
you-went-berserk-already = you went berserk already
berserk-is-possible-only-before-your = berserk is possible only before your first move
unknown-tournament-kind-text = unknown tournament kind `{ $text }`
unknown-entry-text = unknown entry `{ $text }`
tournament-stored-in-state-text = a tournament stored in state `{ $text }`
tournament-name-is-1-to-max = a tournament's name is 1 to { $max_name_chars } characters
tournament-needs-a-clock-so-that = a tournament needs a clock, so that every round ends
start-time-has-passed = the start time has passed
tournament-starts-within-30-days-of = a tournament starts within 30 days of its creation
tournament-takes-min-entrants-to-limit = a tournament takes { $min_entrants } to { $limit } entrants on this server
rounds-are-chosen-for-a-swiss = rounds are chosen for a Swiss only: a round robin's follow from its entrants
swiss-has-1-to-max-swiss = a Swiss has 1 to { $max_swiss_rounds } rounds
arena-breaks-ties-by-its-own-rules = an Arena breaks ties by its own rules (Sonneborn-Berger, then Buchholz): tie-breaks are chosen for a Swiss or a round robin
tournament-lists-1-to-max-tie-breaks = a tournament lists 1 to { $max_tie_breaks } tie-breaks
unknown-tie-break = { $name } is not a tie-break offered here: one of { $choices } is expected
tie-break-is-listed-twice = { $name } is listed twice among the tie-breaks
tie-break-cuts-are-for-a-swiss = { $name } cuts values, which only a Swiss does: in a round robin everyone meets the same opponents
pause-between-rounds-is-0-to = the pause between rounds is 0 to { $max_round_pause_s } seconds
pause-between-rounds-is-for-tournaments = a pause between rounds is for tournaments played in rounds, not an Arena
duration-in-minutes-is-chosen-for = a duration in minutes is chosen for an Arena only
arena-lasts-min-minutes-to-max = an Arena lasts { $min_minutes } to { $max_minutes } minutes
arena-needs-a-clock-in-minutes = an Arena needs a clock in minutes and seconds, not days per move
tournament-game-stored-with-outcome-text = a tournament game stored with outcome `{ $text }`
tournament-id-round-round-cannot-be = tournament { $id }: round { $round } cannot be paired: { $e }
tournament-boards-do-not-add-up = a tournament's boards do not add up: { $e }
arena-has-no-rounds-to-report = an Arena has no rounds to report
tournament-has-not-been-played-nothing = the tournament has not been played: nothing to report yet
sign-in-first-no-session-or = sign in first (no session, or it has ended)
bot-sends-its-token-as-authorization = a bot sends its token as `Authorization: Bearer TOKEN`
authorization-header-must-be-bearer-token = the Authorization header must be `Bearer TOKEN`
record-has-no-game-tag = the record has no [Game "..."] tag
unknown-record-format-other-text-or = unknown record format `{ $other }` (text or json)
give-either-the-invitation-invite-or = give either the invitation (`invite`) or, in a public game, the `seat`
page-must-be-1-to-max = page must be 1 to { $max_page }, not { $page }
per-page-must-be-1-to = per_page must be 1 to { $max_page_size }, not { $per_page }
there-is-no-game-game = there is no game `{ $game }`
unknown-game-name-known-join = unknown game `{ $name }` (known: { $join })
count-settings-named-at-most-max = { $count } settings named; at most { $max_settings }
code-is-length-characters-long-at = the code is { $length } characters long; at most { $max_code_chars }
position-code-refused = { $at ->
        [none] { $reason }
       *[other] { $reason } (at character { $at })
    }
best-line-of-plies-plies-asked = a best line of { $plies } plies asked for; 1 to { $max_line_plies }
no-such-tournament = no such tournament
that-invitation-code-is-not-this = that invitation code is not this tournament's
request-may-carry-one-host-header = a request may carry one Host header, not several
host-header-is-malformed = the Host header is malformed
host-header-names-a-host-and = the Host header names a host and a port, never a user
this-server-does-not-answer-for = this server does not answer for the host `{ $host }` (its operator can add it with `tafel serve --public-url`)
requests-from-pages-of-origin-are = requests from pages of `{ $origin }` are not accepted here
this-address-has-created-or-joined = this address has created or joined many games in a short time; wait a little
too-many-sign-in-attempts-from = too many sign-in attempts from this address; wait a little
too-many-sign-in-attempts-for = too many sign-in attempts for this account; wait a little
this-address-has-signed-up-many = this address has signed up many accounts in a short time; wait a little
you-are-writing-faster-than-the = you are writing faster than the chat allows; wait a little
ply-ply-does-not-exist-the = ply { $ply } does not exist; the game has { $last } moves
no-api-endpoint-at-path = no API endpoint at `{ $path }`
server-has-as-many-websockets-open = the server has as many WebSockets open as it allows
server-is-restarting = the server is restarting; connect again in a moment
owner-lost = the instance that holds this game stopped answering; ask again in a moment
server-is-draining = the server is stopping and takes no new work
database-unreachable = the database cannot be reached: { $e }
malformed-message = malformed message: { $e }
malformed-message-a-hello-shows-at = malformed message: a hello shows at most { $max_hello_tokens } tokens
username-username-is-taken-or-looks = the username { $username } is taken (or looks too much like one that is)
that-username-and-password-do-not = that username and password do not match an account
this-account-does-not-exist-any = this account does not exist any more
current-password-is-not-right = the current password is not right
too-many-people-are-signing-up = too many people are signing up or in at this moment; try again in a few seconds
password-checks-have-stopped = password checks have stopped
password-check-failed-error = a password check failed: { $error }
players-of-a-game-see-its = the players of a game see its analysis once the game is over
analysis-failed-failure = the analysis failed: { $failure }
too-many-analyses-are-under-way = too many analyses are under way; ask again in a minute
this-address-has-mine-analyses-under = this address has { $mine } analyses under way, as many as it may; ask again when one is done
berserk-is-only-for-the-games = berserk is only for the games of an Arena tournament
this-account-has-played-games-already = this account has played games already: only an account without games can become a bot (make a new account for the bot)
this-bot-has-no-token-to = this bot has no token to revoke
only-bots-get-tokens-make-this = only bots get tokens: make this account a bot first (POST /api/account/bot, before its first game)
there-is-no-bot-named-bot = there is no bot named { $bot }
you-cannot-challenge-yourself = you cannot challenge yourself
you-have-sent-challenges-waiting-for = you have { $sent } challenges waiting for an answer, as many as one may; cancel one or wait for the answers
username-has-waiting-challenges-waiting-as = { $username } has { $waiting } challenges waiting, as many as a bot may; try again later
there-is-no-challenge-id = there is no challenge { $id }
that-challenge-is-between-other-people = that challenge is between other people
that-challenge-is-not-yours-to = that challenge is not yours to answer
that-challenge-is-status-already = that challenge is { $status } already
this-bot-has-open-streams-open = this bot has { $open } streams open, as many as a bot may; close one first
hashing-a-bot-password-failed = hashing a password failed: { $e }
name-username-is-taken = the name { $username } is taken
username-is-a-person-account-it = { $username } is a person's account (it has played games): the server's bots need names of their own
only-the-players-write-in-the = only the players write in the players' chat: send your seat's token
spectators-chat-is-written-by-signed = the spectators' chat is written by signed-in accounts: send no seat's token
sign-in-to-write-in-the = sign in to write in the spectators' chat
this-game-room-chat-holds-cap = this game's { $room } chat holds { $cap } messages, as many as it may
chat-message-just-stored-cannot-be = a chat message just stored cannot be read
claim-carries-at-most-max-claimed = a claim carries at most { $max_claimed_tokens } seat tokens, not { $count }; send them in parts
game-id-has-no-seat-seat = game { $id } has no seat { $seat }
this-address-has-count-games-of = this address has { $count } games of the computer against itself running, as many as it may; start another when one ends
hints-are-only-for-games-against = hints are only for games against the computer
public-game-needs-a-seat-for = a public game needs a seat for an invited person (an opponent to wait for)
game-is-not-over-yet-a = the game is not over yet: a rematch follows its end
hints-are-off-in-this-game = hints are off in this game: they are turned on before a game against the computer
hint-is-for-the-position-where = a hint is for the position where it is your move
game-changed-before-the-hint-was = the game changed before the hint was found; ask again
search-failed-message = the search failed: { $message }
hint-search-ended-without-an-answer = the hint's search ended without an answer
you-have-listed-seeks-listed-as = you have { $listed } seeks listed, as many as one person may; withdraw one first
that-seek-is-gone-taken-withdrawn = that seek is gone (taken, withdrawn or left)
that-is-your-own-seek = that is your own seek
rated-game-needs-an-account-sign = a rated game needs an account: sign in first
your-game-rating-rating-is-outside = your { $game } rating, { $rating }, is outside the range this seek wants ({ $min } to { $max })
no-game-id = no game `{ $id }`
server-is-too-busy-to-keep = the server is too busy to keep this game in memory; try again shortly
game-was-changed-meanwhile-another-move = the game was changed meanwhile (another move came first); reload
game-is-at-move-count-not = the game is at move { $count }, not { $ply }; reload
it-is-name-turn = it is { $name }'s turn
name-time-ran-out-before-the = { $name }'s time ran out before the move arrived
another-person-plays-in-this-game = another person plays in this game: ask for a takeback, which they must accept
there-is-no-player-named-name = there is no player named `{ $name }`
there-is-no-game-id = there is no game `{ $id }`
writing-a-record-failed-e = writing a record failed: { $e }
nobody-is-to-move-in-this = nobody is to move in this position: the game is over or the die is to be rolled
server-is-stopping = the server is stopping
this-game-is-not-public-joining = this game is not public: joining it needs an invitation
seat-seat-of-this-game-is = seat { $seat } of this game is not open to people online
seat-name-seat-is-taken-already = { $seat_name }'s seat is taken already
this-game-is-rated-so-it = this game is rated, so it is played between accounts: sign in to join it
you-play-in-this-game-already = you play in this game already (an account takes one seat of a game)
lobby-game-lacks-the-seats-it = the lobby's game lacks the seats it was made with
you-play-no-seat-of-game = you play no seat of game { $id }
you-organise-under-way-tournaments-not = you organise { $under_way } tournaments not yet finished, as many as one account may
tournament-by-invitation = this tournament is by invitation: open the link its organiser gave you
entered-already = you have entered this tournament already
withdrawn-for-good = you have withdrawn from this tournament: only an Arena under way takes players back
entries-closed = entries to this tournament have closed
this-tournament-is-full-max-entrants = this tournament is full ({ $max_entrants } entrants)
entries-closed-meanwhile = entries closed or the tournament filled meanwhile
not-entered = you have not entered this tournament
you-have-withdrawn-already = you have withdrawn already
this-tournament-is-over = this tournament is over
the-chat-of-a-tournament-is-its-players = a tournament's chat is written by its players and its organiser: enter to write
this-tournament-s-chat-holds-cap-messages = this tournament's chat holds { $cap } messages, as many as it may
late-entry-and-byes-are-for-a-swiss = late entry and byes are chosen for a Swiss only
half-point-byes-are-0-to-rounds = a player may be offered 0 to { $rounds } half-point byes (the rounds of this Swiss)
byes-are-asked-for-in-a-swiss = byes are asked for in a Swiss only: the other kinds pair everyone
round-is-1-to-rounds = the round is 1 to { $rounds }
round-text-is-not-a-round = `{ $text }` is not a round: a round is a number from 1
round-round-is-paired-already = round { $round } is paired already: a bye is asked for before its round is paired
you-have-a-bye-in-round-round = you have a bye in round { $round } already
half-point-byes-max-are-taken = you have had the { $max } half-point byes this tournament offers; a zero-point bye is still possible
you-have-no-bye-in-round-round = you asked for no bye in round { $round }
first-round-cannot-be-paired = the first round cannot be paired
board-names-no-entrant = a board names no entrant
storage-failed = storage failed: { $detail }
stored-game-does-not-replay = the stored game does not replay: { $detail }
method-not-allowed = { $method } is not allowed here (allowed: { $allowed })
body-too-large = the request body is larger than the limit of { $kib } KiB
request-took-too-long = the request took too long to arrive
request-refused = { $detail }
internal = the server failed on this request; it was logged with the request's id
unknown-game = unknown game `{ $game }` (known: { $known })
move-illegal = illegal move `{ $move }`; legal here: { $legal }
count-moves-asked-at-most-max = { $count } moves asked for: at most { $max } are played from a position
unreadable = { $reason }
settings-refused = { $reason }
record-refused = { $reason }
computer-refused = { $detail }
search-queue-full = too many searches are waiting; try again shortly
what-may-not-contain-invisible-characters = { $what ->
    [reason] a reason
    [details] a report's text
    [tournament] a tournament's name
    [message] a message
   *[name] a name
} may not contain invisible, control or text-direction characters (it has U+{ $code })
rating-computation-failed = the rating computation gave { $after } from { $before }
challenges-are-to-two-player-games = a challenge is to a two-player game (these settings seat more players)
you-cannot-follow-yourself = you cannot follow yourself
you-follow-cap-players-already = you follow { $cap } players already, as many as one may; unfollow one first
tournaments-are-for-two-player-games = tournaments are for two-player games (choose two players in the settings)
side = { $side ->
   *[other] { $name }
}
that-device-is-not-known = That device is not known.
no-session-of-yours-by-that-name = no session of yours has that name (it may have ended already)
name-belongs-to-an-account = the name { $name } is an account's: sign in to play under it, or choose another
name-is-kept-for-the-site = the name { $name } is kept for the site (it reads as `{ $reserved }`); choose another
two-step-sign-in-is-on-already = two-step sign-in is on already (turn it off first to set up another app)
set-up-two-step-sign-in-first = set up two-step sign-in first (or again: it was set up anew meanwhile)
two-step-sign-in-is-off = two-step sign-in is off
that-code-is-not-right = that code is not right (the six digits your app shows now, or one of your recovery codes)
that-code-was-used-already = that code was used already; wait for the next one your app shows
this-account-asks-for-a-code = this account signs in in two steps: enter the code your app shows, or a recovery code
stored-second-factor-cannot-be-read = the stored secret of two-step sign-in cannot be read
second-factor-address-cannot-be-made = the address for the authenticator app cannot be made


# The games' texts (crates/tafel-server/src/domain/game_texts.rs): GAME-summary, a setting's label
# GAME-KEY, its help GAME-KEY-help, the form of a free value GAME-KEY-form, a choice's words
# GAME-KEY-VALUE, an outcome's reason GAME-reason-REASON. The English words are the games' own
# (a test checks they agree).

## black-path
black-path-summary = Extend one path with tiles; whoever runs it into the boundary loses (Larry Black, 1960).
black-path-size = Board size
black-path-size-help = the board's rows and columns
black-path-size-form = ROWSxCOLUMNS, at most 1024 squares (e.g. 8x8, 3x5, 1x7)
black-path-start = Start edge
black-path-start-help = the unit edge on the boundary where the path begins
black-path-start-form = ROW,COLUMN,SIDE: a side of a square on the boundary (0-based, N E S W)
black-path-reason-the-path-ran-into-the-boundary = the path ran into the boundary

## carreaux
carreaux-summary = Slide tiles into the one empty cell; only slides that lower the total group value are legal; connect all your tiles to win (Mark Steere, 2025).
carreaux-size = Board size
carreaux-size-help = cells along each edge of the square board (even)
carreaux-layout = Start layout
carreaux-layout-help = start layout (the original diagram is lost): checkerboard split by the bubble's diagonal, by halves, or by alternating rows
carreaux-layout-diag = diag
carreaux-layout-halves = halves
carreaux-layout-rows = rows
carreaux-stalemate = When no slide is legal
carreaux-stalemate-help = when no slide is legal the game ends: drawn, or lost by the player to move (our ruling: the original assumes this never happens)
carreaux-stalemate-draw = draw
carreaux-stalemate-mover-loses = mover-loses
carreaux-group = Group value
carreaux-group-help = group value: sum of the N-1 smallest pair distances (the designer's rule), or mst = minimum spanning tree weight (variant, not the designer's rule)
carreaux-group-sum = sum
carreaux-group-mst = mst
carreaux-rule = Legal slides
carreaux-rule-help = legal slides: literal = must lower the total group value (the designer's rule), or free = any slide that does not recreate an earlier position (variant, not the designer's rule)
carreaux-rule-literal = literal
carreaux-rule-free = free
carreaux-ply-limit = Ply limit
carreaux-ply-limit-help = under rule=free only, the game is drawn after this many plies
carreaux-ply-limit-form = a whole number of plies, 0 = no limit
carreaux-reason-all-red-tiles-are-connected = all Red tiles are connected
carreaux-reason-all-blue-tiles-are-connected = all Blue tiles are connected
carreaux-reason-no-slide-lowers-the-total-group-value-draw = no slide lowers the total group value: draw
carreaux-reason-no-slide-lowers-the-total-group-value-the-player-to-move-loses = no slide lowers the total group value: the player to move loses
carreaux-reason-every-slide-would-repeat-a-position-draw = every slide would repeat a position: draw
carreaux-reason-every-slide-would-repeat-a-position-the-player-to-move-loses = every slide would repeat a position: the player to move loses
carreaux-reason-ply-limit-reached = ply limit reached

## einstein
einstein-summary = Six numbered cubes a side on 5 x 5: the die names the cube, race it to the opposite corner or take every enemy cube (Ingo Althöfer, 2004).
einstein-start = Start arrangement
einstein-start-help = random: each side's six cubes are shuffled onto its corner (as OpenSpiel); placement: each player arranges his own, the first mover first (as in the original, where both choose)
einstein-start-random = random
einstein-start-placement = placement
einstein-first = Who moves first
einstein-first-help = who rolls and moves first: White (bottom right), as OpenSpiel, or Black (top left); the original leaves it to the players
einstein-first-white = white
einstein-first-black = black
einstein-reason-reached-the-opposite-corner = reached the opposite corner
einstein-reason-took-all-the-opponent-s-cubes = took all the opponent's cubes

## karls-race
karls-race-summary = EinStein würfelt nicht without numbers: the die names a square size on Karl Scherer's tiling (Ingo Althöfer, 2006).
karls-race-players = Players
karls-race-players-help = two players, or four in two teams (NW + SE against NE + SW)
karls-race-start = Start squares
karls-race-start-help = Black's six start squares with two players; White's are their half-turn image
karls-race-start4 = Start squares
karls-race-start4-help = four players: the four squares inside one's own quarter, or the corner square and its three forward neighbours
karls-race-start4-quadrant = quadrant
karls-race-start4-corner = corner
karls-race-first = Who moves first
karls-race-first-help = who moves first (the original: White, or the loser of the previous game); with four players a corner, and white and black also name the se and nw corners
karls-race-first-white = white
karls-race-first-black = black
karls-race-first-se = se
karls-race-first-sw = sw
karls-race-first-nw = nw
karls-race-first-ne = ne
karls-race-reason-reached-the-opposite-corner = reached the opposite corner
karls-race-reason-the-opponents-have-no-stone-left = the opponents have no stone left

## kauri
kauri-summary = Sow seeds, then cowries; cowries capture seeds from the opponent's holes (Ralf Gering, 2006).
kauri-tiebreak = Equal scores
kauri-tiebreak-help = equal scores: none = draw; old = play on with the cowries until a player cannot move
kauri-tiebreak-none = none
kauri-tiebreak-old = old
kauri-ply-limit = Ply limit
kauri-ply-limit-help = end the game after this many plies, scored on captured seeds
kauri-ply-limit-form = a number of plies, 0 = no limit
kauri-reason-no-seed-left = no seed left
kauri-reason-position-repeated = position repeated
kauri-reason-ply-limit-reached = ply limit reached
kauri-reason-tie-break-no-move-left = tie-break: no move left

## quarx
quarx-summary = Draughts in four dimensions: men and flying kings on a 4x4x4x4 hypercube.
quarx-setup = Setup
quarx-setup-help = where the eight men beyond each side's first row stand (the drawing is lost)
quarx-setup-diagonals = diagonals
quarx-setup-central = central
quarx-setup-corners = corners
quarx-setup-bottom = bottom
quarx-ply-limit = Ply limit
quarx-ply-limit-help = draw the game after this many plies (the rules have no limit)
quarx-ply-limit-form = a number of plies, 0 for none
quarx-reason-no-pieces-left = no pieces left
quarx-reason-no-legal-move = no legal move
quarx-reason-ply-limit-reached = ply limit reached

## The results of games as the rules and the players end them (domain/game_texts.rs): $names are
## the winners' names as a list, $count is `one` or `several` of them.
list-and = { $first } and { $last }
result-win = { $names } { $count ->
    [one] wins
   *[several] win
} ({ $reason })
result-win-scores = { $names } { $count ->
    [one] wins
   *[several] win
} { $scores } ({ $reason })
result-draw = draw ({ $reason })
result-draw-scores = draw { $scores } ({ $reason })
result-resigned = { $names } { $count ->
    [one] wins
   *[several] win
} ({ $losers } resigned)
result-out-of-time = { $names } { $count ->
    [one] wins
   *[several] win
} ({ $name } ran out of time)
result-forfeited = { $names } { $count ->
    [one] wins
   *[several] win
} ({ $name } forfeited)
result-agreed = draw (agreed)
result-aborted = aborted ({ $name } did not move in time)
result-called-off = aborted ({ $name } called the game off)

## E-mail and password resets (play/recovery.rs, play/mailer.rs)
that-e-mail-address-is-too-long = that e-mail address is too long (at most { $max } characters)
that-is-not-an-e-mail-address = that is not an e-mail address
that-link-is-used-expired-or-wrong = that link is used, expired or wrong: ask for a new one
this-server-sends-no-mail = this server sends no mail: ask its operator for a link that resets your password
mails-for-this-account-are-many = { $count } mails were sent for this account in the last hour; try again later
the-mail-could-not-be-sent = the mail could not be sent; try again later
that-is-neither-a-username-nor-an = that is neither a username nor an e-mail address
no-account-is-named-name = no account is named { $name }
this-address-has-asked-for-many = this address has asked for many password resets in a short time; wait a little
mail-verify-subject = Tafel: confirm your e-mail address
mail-verify-body =
    Hello { $username },

    please confirm that this is your e-mail address by opening this link:

    { $link }

    The link works once, within { $hours } hours. If you did not give this address to Tafel,
    ignore this mail: nothing changes.
mail-reset-subject = Tafel: reset your password
mail-reset-body =
    Hello { $username },

    someone (we hope you) asked to reset the password of your Tafel account. Choose a new
    password by opening this link:

    { $link }

    The link works once, within { $minutes } minutes; choosing a new password signs your
    account out everywhere. If you did not ask for this, ignore this mail: your password stays.

# Moderation (issue #45)
unknown-role = there is no role "{ $role }" (there are: player, moderator)
a-mute-lasts-1-to-max-minutes = a mute lasts 1 to { $max } minutes
this-account-is-closed = this account was closed by the moderators
you-are-muted-until = you may not chat until { $until }: a moderator muted you (see your settings)
this-player-takes-no-messages-from = a player of this game does not take your messages
you-cannot-play-this-player = you cannot play this player: one of you blocks the other
only-moderators-may-do-this = only moderators may do this
you-cannot-report-yourself = you cannot report yourself
you-cannot-block-yourself = you cannot block yourself
moderators-do-not-act-on-themselves = moderators do not act on their own accounts
player-wrote-no-such-line-in-this-game = { $player } wrote no such line in this game
a-chat-line-is-reported-with-its-game = a chat line is reported with its game, its room and its number
a-tournament-chat-line-is-reported-with = a line of a tournament's chat is reported with the tournament and the line's number, without a game or a room
player-wrote-no-such-line-in-this-tournament = { $player } wrote no such line in this tournament's chat
you-reported-this-player-already = you reported this player already; a moderator will look at it
you-have-cap-reports-waiting = you have { $cap } reports waiting for a moderator already; wait until they are looked at
you-block-cap-players-already = you block { $cap } players already; unblock some first
there-is-no-open-report-id = there is no open report { $id }
this-account-is-closed-already = this account is closed already
no-tournament-id-is-open-or = no tournament { $id } is open or running
log-entry-just-written-cannot-be-read = the log entry just written cannot be read back
only-the-organiser-corrects-results = only the tournament's organiser may correct a result
no-game-on-that-board = no game was played on that board of that round
this-game-has-no-result-yet = this game has no result yet: a result is corrected once the game has one
only-the-organiser-changes-pairings = only the tournament's organiser may change its pairings
round-round-is-not-waiting-to-begin = round { $round } is not waiting to begin: pairings are changed by hand after the round is paired and before its games begin (the pause between rounds)
pairings-are-changed-in-a-swiss = pairings are changed by hand in a Swiss only
a-round-has-at-most-boards-boards = a round has at most { $boards } boards
a-round-has-one-bye-at-most = a round has one bye at most
entrant-number-is-not-paired = entrant { $number } is present this round but not paired
entrant-number-is-paired-twice = entrant { $number } is paired twice
entrant-number-is-absent-this-round = entrant { $number } is absent this round (withdrawn, or a bye asked for) and cannot be paired
entrant-number-cannot-play-itself = entrant { $number } cannot play against itself
these-pairings-cannot-be-read = these pairings cannot be read: { $e }
result-is-not-one-of-the-results = a result is one of 1-0, 0-1, 1/2-1/2, +:-, -:+ and -:-

# Tutorials (issue #48)
no-course-for-game = there is no course for the game `{ $game }`
steps-done-beyond-the-course = { $steps } steps done, but the course has { $course }

# Puzzles (issue #48)
puzzle-line-unreadable = a puzzle's line does not read: { $reason }
puzzle-id-unreadable = the puzzle id `{ $id }` is not 1 to 64 letters, digits, `-`, `_` or `.`
puzzle-solution-length = the solution of the puzzle { $id } has { $moves } moves: it needs an odd number, at most { $max }
puzzle-themes-unreadable = the puzzle { $id } has more than 8 themes, or one that is not a word
puzzle-solver-not-to-move = in the puzzle { $id } the solver is not to move before { $mv }
puzzle-nobody-to-move = nobody is to move in the position of the puzzle { $id }
puzzle-moves-count = { $sent } moves sent: this puzzle takes 1 to { $needed } of yours
browser-id-unreadable = a browser id is 8 to 64 letters, digits, `-`, `_` or `.`
no-such-puzzle = there is no puzzle `{ $id }`
no-puzzle-left = you have tried every puzzle of { $game }: none is left
no-puzzles-yet = there are no puzzles yet
puzzle-moves-too-fast = this address sends puzzle moves faster than it may; wait a moment
puzzle-moves-too-many = an attempt sends at most { $max } moves of at most { $chars } characters each
puzzle-solver-unknown = sign in, or send the browser's id (`browser`), to solve puzzles
