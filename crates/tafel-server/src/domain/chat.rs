//! Chat in a game, as lichess has it: two rooms kept apart.
//!
//! - **The players' room** is written and read by the people who hold the game's seats (a
//!   seat's token, or the signed-in account that plays it), and by nobody else, during the
//!   game and after it. It is open only where another person plays at another screen: at one
//!   screen, or against the computer alone, nobody would read it.
//! - **The spectators' room** is written by signed-in accounts that play no seat of the game
//!   (an account answers for what it writes) and read by everyone who does not play; the
//!   players read it once the game is over, never during it, so that no remark of a
//!   spectator reaches them while they play.
//!
//! A message is one line of at most [`MAX_CHAT_TEXT`] characters, checked like a name
//! ([`shown_line`]: no control, invisible or text-direction characters). Each room of a game
//! numbers its messages from 1 (`seq`), which is also how a room's cap is kept.

use serde::{Deserialize, Serialize};

use crate::domain::consent::Sides;
use crate::domain::error::Error;
use crate::domain::ids::{AccountId, GameId};
use crate::domain::name::shown_line;
use crate::domain::seat::StoredSeat;
use crate::msg;

/// The longest message, in characters (Unicode code points), as on lichess.
pub const MAX_CHAT_TEXT: usize = 140;

/// One of a game's two chat rooms. Sent and stored as `"players"` or `"spectators"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Room {
    /// The players' own room.
    Players,
    /// The room of those who watch.
    Spectators,
}

impl Room {
    /// Every room, in order.
    pub const ALL: [Room; 2] = [Room::Players, Room::Spectators];

    /// The room's name as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Spectators => "spectators",
        }
    }

    /// The room named `text` (as stored), if any.
    pub fn parse(text: &str) -> Option<Room> {
        match text {
            "players" => Some(Room::Players),
            "spectators" => Some(Room::Spectators),
            _ => None,
        }
    }

    /// Whether a viewer reads this room's messages: a player (`player`, one who holds a seat)
    /// reads the players' room, and the spectators' room only once the game is `over`;
    /// everyone else reads the spectators' room only.
    pub fn read_by(self, player: bool, over: bool) -> bool {
        match self {
            Room::Players => player,
            Room::Spectators => !player || over,
        }
    }
}

/// A message's text, checked: one line of 1 to [`MAX_CHAT_TEXT`] characters, nothing hidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatText(String);

impl ChatText {
    /// The message `text` gives, or why it cannot be one (invalid).
    pub fn parse(text: &str) -> Result<ChatText, Error> {
        shown_line(text, "message", MAX_CHAT_TEXT).map(ChatText)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who writes a message, once allowed to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Author {
    /// The holder of a seat, in the players' room (and the account that plays it, if one
    /// does).
    Seat {
        /// The seat.
        seat: usize,
        /// The account that plays it.
        account: Option<AccountId>,
    },
    /// A signed-in account that plays no seat, in the spectators' room.
    Spectator(AccountId),
}

impl Author {
    /// The holder of `seat` as the author of a players' message, if another person plays at
    /// another screen to read it (409 otherwise).
    pub fn player(sides: &Sides, seats: &[StoredSeat], seat: usize) -> Result<Author, Error> {
        if !sides.others_present(seat) {
            return Err(Error::conflict(msg!("nobody-else-plays-in-this-game")));
        }
        Ok(Author::Seat {
            seat,
            account: seats[seat].account.clone(),
        })
    }

    /// `account`, signed in, as the author of a spectators' message, if it plays no seat of
    /// the game (`seats`; 403 otherwise).
    pub fn spectator(seats: &[StoredSeat], account: &AccountId) -> Result<Author, Error> {
        if seats.iter().any(|s| s.account.as_ref() == Some(account)) {
            return Err(Error::forbidden(msg!("you-play-in-this-game-players")));
        }
        Ok(Author::Spectator(account.clone()))
    }

    /// The room the author writes in.
    pub fn room(&self) -> Room {
        match self {
            Author::Seat { .. } => Room::Players,
            Author::Spectator(_) => Room::Spectators,
        }
    }

    /// The seat, for a player.
    pub fn seat(&self) -> Option<usize> {
        match self {
            Author::Seat { seat, .. } => Some(*seat),
            Author::Spectator(_) => None,
        }
    }

    /// The account, if the author has one.
    pub fn account(&self) -> Option<&AccountId> {
        match self {
            Author::Seat { account, .. } => account.as_ref(),
            Author::Spectator(account) => Some(account),
        }
    }

    /// What the author's writing rate is counted by: the account, wherever it writes, or a
    /// seat of game `id` played without one.
    pub fn rate_key(&self, id: &GameId) -> String {
        match (self.account(), self.seat()) {
            (Some(account), _) => account_rate_key(account),
            (None, seat) => format!("game {id} seat {}", seat.unwrap_or_default()),
        }
    }
}

/// What the writing rate of `account` is counted by, in every chat (a game's or a
/// tournament's).
pub fn account_rate_key(account: &AccountId) -> String {
    format!("account {}", account.as_str())
}

/// A message as everyone who reads its room sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// `players` or `spectators`.
    pub room: Room,
    /// Its number in its room, from 1: a client that sees a number skipped has missed one.
    pub seq: i64,
    /// The author's seat (players' room), or null (spectators').
    pub seat: Option<usize>,
    /// The author's name: the seat's player, or the account's username ("a deleted player"
    /// once its account is deleted).
    pub name: String,
    /// Whether the name is an account's username (its page is `/@/{name}`).
    pub account: bool,
    /// The text.
    pub text: String,
    /// When it was written, in milliseconds since 1970.
    pub at_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::seat::SeatKind;
    use crate::domain::ErrorKind;

    #[test]
    fn messages_are_one_line_of_at_most_140_characters_with_nothing_hidden() {
        assert_eq!(
            ChatText::parse("  good   luck\nand have fun ")
                .unwrap()
                .as_str(),
            "good luck and have fun"
        );
        assert!(ChatText::parse(&"é".repeat(MAX_CHAT_TEXT)).is_ok());
        assert!(ChatText::parse("李小龙 👍").is_ok());
        let refused = |text: &str| ChatText::parse(text).unwrap_err();
        assert_eq!(refused("").kind, ErrorKind::Invalid);
        assert!(refused(" \n\t ")
            .to_string()
            .contains("at least one character"));
        assert!(refused(&"é".repeat(MAX_CHAT_TEXT + 1))
            .to_string()
            .contains("at most 140 characters"));
        for hidden in ['\u{200B}', '\u{202E}', '\u{0007}', '\u{FEFF}', '\u{2066}'] {
            let error = refused(&format!("gg{hidden}wp"));
            assert!(
                error.to_string().contains("U+"),
                "{hidden:?}: {}",
                error.message
            );
        }
    }

    #[test]
    fn each_room_is_read_by_its_own_people() {
        assert!(Room::Players.read_by(true, false));
        assert!(!Room::Players.read_by(false, false));
        assert!(!Room::Players.read_by(false, true));
        assert!(Room::Spectators.read_by(false, false));
        assert!(!Room::Spectators.read_by(true, false));
        assert!(Room::Spectators.read_by(true, true));
        for room in [Room::Players, Room::Spectators] {
            assert_eq!(Room::parse(room.as_str()), Some(room));
            let json = serde_json::to_string(&room).unwrap();
            assert_eq!(json, format!("\"{}\"", room.as_str()));
        }
        assert_eq!(Room::parse("everyone"), None);
    }

    fn account(text: &str) -> AccountId {
        AccountId::from_stored(text.to_string())
    }

    #[test]
    fn players_chat_needs_another_person_and_spectators_play_no_seat() {
        let mut host = StoredSeat::person(SeatKind::Local, Some("Host".into()));
        host.account = Some(account("00000000000000aa"));
        let online = [host.clone(), StoredSeat::invited()];
        let sides = Sides::new(&online, vec![0, 1]);
        let author = Author::player(&sides, &online, 0).unwrap();
        assert_eq!(author.room(), Room::Players);
        assert_eq!(author.seat(), Some(0));
        let id = GameId::parse("abc").unwrap();
        assert_eq!(author.rate_key(&id), "account 00000000000000aa");
        let guest = Author::player(&sides, &online, 1).unwrap();
        assert_eq!(guest.rate_key(&id), "game abc seat 1");

        let against_computer = [host.clone(), StoredSeat::computer(3)];
        let sides = Sides::new(&against_computer, vec![0, 1]);
        let error = Author::player(&sides, &against_computer, 0).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Conflict);
        let one_screen = [host.clone(), StoredSeat::person(SeatKind::Local, None)];
        let sides = Sides::new(&one_screen, vec![0, 1]);
        assert!(Author::player(&sides, &one_screen, 1).is_err());

        let watcher = account("00000000000000bb");
        let spectator = Author::spectator(&online, &watcher).unwrap();
        assert_eq!(spectator.room(), Room::Spectators);
        assert_eq!(spectator.seat(), None);
        let error = Author::spectator(&online, &account("00000000000000aa")).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Forbidden);
    }
}
