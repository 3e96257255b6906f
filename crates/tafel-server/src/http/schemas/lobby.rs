//! The schemas of what is asked for before a game or many: seeks, challenges and
//! tournaments, as asked for and as listed.

use tafel_tournament::tie_breaks;
use utoipa::openapi::schema::{AllOfBuilder, ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::Ref;
use utoipa::{schema, ToSchema};

use super::{described, text, whole, word_schema, words, Fields};
use crate::domain::challenge::{ChallengeRequest, ChallengeStatus, ChallengeView, Side};
use crate::domain::clock::TimeControl;
use crate::domain::seek::{SeekRequest, SeekView, RATINGS};
use crate::domain::tournament::byes::LateEntry;
use crate::domain::tournament::standings::MAX_TIE_BREAKS;
use crate::domain::tournament::{
    arena, Entry, Kind, State, TournamentRequest, MAX_NAME_CHARS, MAX_ROUND_PAUSE_S,
    MAX_SWISS_ROUNDS, MIN_ENTRANTS,
};

words!(
    Side: "Which seat a challenger plays: `first`, `second` or `random` (drawn when the \
        challenge is accepted).",
    ChallengeStatus: "Where a challenge stands.",
    Kind: "How a tournament's entrants are paired.",
    Entry: "Who may enter a tournament: anyone signed in, or whoever has the invitation link.",
    State: "Where a tournament stands.",
    LateEntry: "Whether a Swiss takes players after its start, and what the rounds they \
        missed score: `closed`, `zero_point_byes` or `half_point_byes`.",
);

/// A rating an opponent is wanted at most or at least, within the seeks' range.
fn rating() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(*RATINGS.start()))
        .maximum(Some(*RATINGS.end()))
}

/// What every request for a game or games names first: the game and its settings.
fn game(doc: &str) -> Fields {
    Fields::new(doc)
        .field(
            "game",
            schema!(String),
            "The game's name (`GET /api/catalog`).",
        )
        .optional(
            "settings",
            schema!(BTreeMap<String, String>),
            "The settings, `key` to `value` (defaults for the others).",
        )
}

described! {
    SeekRequest => refers TimeControl;
    game("A seek as its owner asks for it.")
        .optional("time_control", schema!(TimeControl), "The clocks (default: none).")
        .optional("rated", schema!(bool), "Whether the game is rated (both need an account).")
        .optional("rating_min", rating(), "The lowest rating of an opponent wanted (rated only).")
        .optional("rating_max", rating(), "The highest rating of an opponent wanted (rated only).");

    SeekView => refers TimeControl;
    Fields::new("A seek as the lobby lists it.")
        .field("id", schema!(String), "The seek's id.")
        .field(
            "name",
            schema!(String),
            "Who seeks: an account's username, or the name its owner gave.",
        )
        .field(
            "account",
            schema!(bool),
            "Whether the owner plays with an account (its page is `/@/{name}`).",
        )
        .field("game", schema!(String), "The game's name.")
        .field(
            "settings",
            schema!(BTreeMap<String, String>),
            "The settings, `key` to `value`, as asked for.",
        )
        .field("time_control", schema!(TimeControl), "The clocks.")
        .field("rated", schema!(bool), "Whether the game is rated.")
        .field("rating_min", schema!(Option<u32>), "The lowest rating of an opponent wanted.")
        .field("rating_max", schema!(Option<u32>), "The highest rating of an opponent wanted.")
        .field(
            "rating",
            schema!(Option<u32>),
            "The seeker's rating in the game, rounded; null without an account or a rated game \
             of it yet.",
        );

    ChallengeRequest => refers TimeControl, Side;
    game("A challenge (of a person or a bot) as the challenger asks for it.")
        .optional("time_control", schema!(TimeControl), "The clocks (default: none).")
        .optional("side", schema!(Side), "The challenger's side (default: random).")
        .optional("rated", schema!(bool), "Whether the game is rated (it needs a clock).");

    ChallengeView => refers ChallengeRequest, ChallengeStatus;
    AllOfBuilder::new()
        .description(Some("A challenge as its challenger and the challenged see it."))
        .item(Ref::from_schema_name(ChallengeRequest::name()))
        .item(
            Fields::new("What a challenge is besides what was asked for.")
                .field("id", schema!(String), "The challenge's id.")
                .field("challenger", schema!(String), "The challenger's username.")
                .field("challenged", schema!(String), "The challenged account's username.")
                .field("status", schema!(ChallengeStatus), "Where it stands.")
                .optional("reason", schema!(String), "The bot's reason, once declined.")
                .optional("game_id", schema!(String), "The game made, once accepted.")
                .field(
                    "created_ms",
                    schema!(i64),
                    "When it was made, in ms since the Unix epoch.",
                ),
        );

    TournamentRequest => refers TimeControl, Kind, Entry, LateEntry;
    Fields::new("A tournament as its organiser asks for it.")
        .field("name", text(1, MAX_NAME_CHARS), "Its name.")
        .field("game", schema!(String), "The game's name (`GET /api/catalog`).")
        .optional(
            "settings",
            schema!(BTreeMap<String, String>),
            "The game's settings, `key` to `value` (defaults for the others).",
        )
        .field(
            "time_control",
            schema!(TimeControl),
            "Every game's clock (a tournament needs one).",
        )
        .optional("rated", schema!(bool), "Whether the games are rated.")
        .field("kind", schema!(Kind), "How players are paired.")
        .optional("entry", schema!(Entry), "Who may enter (default: anyone signed in).")
        .field(
            "starts_ms",
            schema!(i64),
            "When it starts (ms since the Unix epoch), within 30 days; entries close then.",
        )
        .optional(
            "max_entrants",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(MIN_ENTRANTS)),
            "Entrants at most (default and most: the server's limit).",
        )
        .optional(
            "rounds",
            whole(1, MAX_SWISS_ROUNDS),
            "The rounds of a Swiss (default 5); not for other kinds, whose rounds follow from \
             the number of entrants.",
        )
        .optional(
            "round_pause_s",
            whole(0, MAX_ROUND_PAUSE_S),
            "Seconds between the end of a round's last game and the pairing of the next \
             (default 0: at once).",
        )
        .optional(
            "minutes",
            whole(arena::MIN_MINUTES, arena::MAX_MINUTES),
            "An Arena's duration in minutes (default 60); not for other kinds.",
        )
        .optional(
            "late_entry",
            schema!(LateEntry),
            "Whether a Swiss takes players until its last round is paired, and what the rounds \
             they missed score (default: zero-point byes); not for other kinds.",
        )
        .optional(
            "half_point_byes",
            whole(0, MAX_SWISS_ROUNDS),
            "How many half-point byes each player of a Swiss may ask for, up to its rounds \
             (default 2); not for other kinds.",
        )
        .optional(
            "tie_breaks",
            ArrayBuilder::new()
                .items(word_schema(
                    &tie_breaks::CHOICES.map(|t| t.to_string()),
                    "A tie-break by FIDE's acronym (the cuts `-C1`, `-C2`, `-M1`, `-M2` for a \
                     Swiss only).",
                ))
                .min_items(Some(1))
                .max_items(Some(MAX_TIE_BREAKS)),
            "The tie-breaks in order (default: a Swiss's `BH-C1`, `BH`, `SB`, `DE`; a round \
             robin's `DE`, `SB`, `WIN`); not for an Arena, which breaks ties by SB then BH.",
        );
}
