//! A tournament's chat: one room, read by everyone who opens the tournament's page, written by
//! its entrants (withdrawn ones too) and its organiser, signed in, in messages of one line as
//! a game's chat takes them ([`crate::domain::chat::ChatText`]); not in a tournament the
//! moderators removed. Muted accounts do not write ([`crate::play`] checks).

use super::{State, Tournament};
use crate::domain::error::Error;
use crate::msg;

/// Checks that an account may write in tournament `t`'s chat: its `organiser`, or one that
/// has `entered` it.
pub fn check_writer(t: &Tournament, organiser: bool, entered: bool) -> Result<(), Error> {
    if t.state == State::Removed {
        return Err(Error::not_found(msg!("no-such-tournament")));
    }
    if !organiser && !entered {
        return Err(Error::forbidden(msg!(
            "the-chat-of-a-tournament-is-its-players"
        )));
    }
    Ok(())
}
