//! Two people put in a new game at once: the lobby's seeks and the challenges of bots make
//! their games here. The first person's seat is made for them as the game's creator (their
//! account's, if any) and the other is an invitation the second person takes at once, so a
//! rated game is checked and rated as any game between two accounts.

use std::sync::Arc;

use super::accounts::SignedIn;
use super::create::NewGame;
use super::seats::Claim;
use super::Hub;
use crate::domain::clock::TimeControl;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::name::PersonName;
use crate::domain::seat::SeatRequest;
use crate::domain::Error;

/// What game two people play: the game, its settings, the clock, rated or casual.
pub struct Terms {
    /// The registry name.
    pub game: String,
    /// The settings as `key=value` pairs.
    pub settings: Vec<(String, String)>,
    /// The clocks.
    pub time_control: TimeControl,
    /// Whether the game is rated.
    pub rated: bool,
}

/// One of the two people: the name shown, and the account, if signed in.
pub struct Pairee {
    /// The name everyone sees.
    pub name: PersonName,
    /// The account playing the seat, if any.
    pub account: Option<SignedIn>,
}

/// The game made for two people, with each one's seat token (`tokens[seat]`).
pub struct Paired {
    /// The game's id.
    pub id: GameId,
    /// The token of seat 0 and of seat 1.
    pub tokens: [SeatToken; 2],
}

impl Hub {
    /// Makes a two-player game of `terms` with `creator` in seat `creator_seat` (0 or 1) and
    /// `other` in the other seat.
    pub async fn pair(
        self: &Arc<Self>,
        terms: Terms,
        creator: Pairee,
        creator_seat: usize,
        other: Pairee,
    ) -> Result<Paired, Error> {
        let other_seat = 1 - creator_seat.min(1);
        let mut seats = vec![SeatRequest::invited(), SeatRequest::invited()];
        seats[creator_seat] = SeatRequest::person(creator.name.as_str());
        let id = self
            .create(NewGame {
                game: terms.game,
                settings: terms.settings,
                start: None,
                moves: Vec::new(),
                seats,
                public: false,
                time_control: terms.time_control,
                ending: None,
                origin: None,
                account: creator.account,
                rated: terms.rated,
            })
            .await?;
        let (creator_token, code) = self
            .seats_to_hand_out(&id, creator_seat, other_seat)
            .await?;
        let (_, other_token) = self
            .join(&id, Claim::Invite(code), other.name, other.account.as_ref())
            .await?;
        let mut tokens = [creator_token, other_token];
        if creator_seat == 1 {
            tokens.swap(0, 1);
        }
        Ok(Paired { id, tokens })
    }
}
