//! The schemas of what a game is played with: its clock's time control, its seats asked for
//! and shown, the proposals waiting for an answer, and its chat.

use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
use utoipa::schema;

use super::{described, text, whole, words, Fields};
use crate::domain::chat::{ChatMessage, Room, MAX_CHAT_TEXT};
use crate::domain::clock::{
    TimeControl, MAX_DAYS_PER_MOVE, MAX_INCREMENT_SECONDS, MAX_INITIAL_SECONDS,
};
use crate::domain::consent::{Answer, Proposals, Resignation, Takeback};
use crate::domain::name::MAX_NAME;
use crate::domain::seat::{SeatKind, SeatRequest, SeatView};

words!(
    SeatKind: "The kind of player in a seat: a person at the creator's screen (`local`), a \
        person invited online (`invite`), or the computer (`computer`).",
    Room: "One of a game's two chat rooms: the players' or the spectators'.",
    Answer: "An answer to a proposal: `offer` (a takeback's `request` is the same), `accept` \
        or `decline` (by the one who proposed it: withdraw).",
);

/// The `kind` of a time control: the one word `word`.
fn kind(word: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([word]))
}

described! {
    TimeControl => refers;
    OneOfBuilder::new()
        .description(Some("The time control of a game, chosen at creation."))
        .item(Fields::new("No clock.").field("kind", kind("none"), "`none`"))
        .item(
            Fields::new(
                "Each seat starts with `initial_seconds` and gains `increment_seconds` after \
                 each of its moves (5+3 is 300 and 3).",
            )
            .field("kind", kind("fischer"), "`fischer`")
            .field(
                "initial_seconds",
                whole(1, MAX_INITIAL_SECONDS),
                "The time each seat starts with, in seconds.",
            )
            .field(
                "increment_seconds",
                whole(0, MAX_INCREMENT_SECONDS),
                "The time added after each move, in seconds.",
            ),
        )
        .item(
            Fields::new("Each move must be made within so many days; unused time is not kept.")
                .field("kind", kind("correspondence"), "`correspondence`")
                .field(
                    "days_per_move",
                    whole(1, MAX_DAYS_PER_MOVE),
                    "Days for each move.",
                ),
        );

    SeatRequest => refers SeatKind;
    Fields::new("Who sits in a seat, as asked for when creating a game.")
        .field("kind", schema!(SeatKind), "`local`, `invite` or `computer`.")
        .optional("level", schema!(u8), "The computer's level (computer seats only).")
        .optional(
            "name",
            text(1, MAX_NAME),
            "The name of the person in a seat at the creator's screen, shown to everyone.",
        )
        .optional(
            "hints",
            schema!(bool),
            "Whether the person in a seat at the creator's screen may ask for hints during \
             the game: only in a game against the computer; default off.",
        );

    SeatView => refers SeatKind;
    Fields::new("The public view of one seat: who sits there, never its secrets.")
        .field("seat", schema!(usize), "The seat number, from 0.")
        .field("name", schema!(String), "The game's name for the seat (\"White\").")
        .field("kind", schema!(SeatKind), "`local`, `invite` or `computer`.")
        .field("level", schema!(Option<u8>), "The computer's level.")
        .field("player", schema!(Option<String>), "The person's name, if they gave one.")
        .field(
            "account",
            schema!(bool),
            "Whether the person plays with an account (their name is then its username, and \
             their page is `/@/{player}`).",
        )
        .field(
            "joined",
            schema!(bool),
            "Whether somebody holds the seat: false only for an invitation nobody has taken.",
        )
        .field("hints", schema!(bool), "Whether the person may ask for hints.")
        .field(
            "deleted",
            schema!(bool),
            "Whether the person's account was deleted (`player` is then \"a deleted player\").",
        )
        .field(
            "bot",
            schema!(bool),
            "Whether a bot (a program, docs/bots.md) plays the seat with its account.",
        );

    Proposals => refers Takeback, Resignation;
    Fields::new("The proposals waiting for an answer in a game.")
        .optional("draw", schema!(Vec<usize>), "A draw offered: the seats that agree so far.")
        .optional("takeback", schema!(Takeback), "A takeback asked for.")
        .optional(
            "resign",
            schema!(Vec<Resignation>),
            "Resignations waiting for the partners of a team.",
        )
        .optional(
            "rematch",
            schema!(Vec<usize>),
            "A rematch offered once the game is over: the seats that want it so far.",
        );

    Takeback => refers;
    Fields::new("A takeback asked for: back to the position after `keep` moves.")
        .field("by", schema!(usize), "The seat that asked.")
        .field(
            "keep",
            schema!(usize),
            "The number of moves that stay (the asker's last move and everything after it go).",
        )
        .field(
            "accepted",
            schema!(Vec<usize>),
            "The seats that agree so far (the asker's among them).",
        );

    Resignation => refers;
    Fields::new("A team's resignation waiting for the rest of the team.")
        .field("team", schema!(u8), "The team.")
        .field("seats", schema!(Vec<usize>), "The seats of the team that resign so far.");

    ChatMessage => refers Room;
    Fields::new("A chat message as everyone who reads its room sees it.")
        .field("room", schema!(Room), "`players` or `spectators`.")
        .field(
            "seq",
            schema!(i64),
            "Its number in its room, from 1: a client that sees a number skipped has missed one.",
        )
        .field(
            "seat",
            schema!(Option<usize>),
            "The author's seat (players' room), or null (spectators').",
        )
        .field(
            "name",
            schema!(String),
            "The author's name: the seat's player, or the account's username.",
        )
        .field(
            "account",
            schema!(bool),
            "Whether the name is an account's username (its page is `/@/{name}`).",
        )
        .field("text", text(1, MAX_CHAT_TEXT), "The text, one line.")
        .field("at_ms", schema!(i64), "When it was written, in milliseconds since 1970.");
}
