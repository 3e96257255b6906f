//! A tournament's chat in play: a message written by an entrant or the organiser (not muted),
//! stored up to the room's cap, and the messages read after the last one a page has.

use super::Tournaments;
use crate::domain::chat::ChatText;
use crate::domain::tournament::chat::check_writer;
use crate::domain::tournament::State;
use crate::domain::Error;
use crate::msg;
use crate::play::accounts::SignedIn;
use crate::play::chat::check_not_muted;
use crate::store::chat::ChatRefused;
use crate::store::tournaments::TournamentChatRow;

impl Tournaments {
    /// Writes `text` by `account` in tournament `id`'s chat; returns its number.
    pub async fn say(&self, id: &str, account: &SignedIn, text: &ChatText) -> Result<i64, Error> {
        let stored = self.stored(id).await?;
        let entrants = self.store.entrants(id).await.map_err(Error::storage)?;
        let entered = entrants.iter().any(|(a, _)| *a == account.id);
        check_writer(&stored.tournament, stored.organiser == account.id, entered)?;
        check_not_muted(&self.store, &account.id).await?;
        let cap = self.limits.chat_messages;
        let now = self.store.now_ms();
        match self
            .store
            .add_tournament_chat(id, &account.id, text, now, cap)
            .await
        {
            Ok(seq) => Ok(seq),
            Err(ChatRefused::Full) => Err(Error::conflict(msg!(
                "this-tournament-s-chat-holds-cap-messages",
                cap
            ))),
            Err(ChatRefused::Failed(error)) => Err(Error::storage(error)),
        }
    }

    /// The messages of tournament `id`'s chat after number `after`, oldest first.
    pub async fn chat(&self, id: &str, after: i64) -> Result<Vec<TournamentChatRow>, Error> {
        if self.stored(id).await?.tournament.state == State::Removed {
            return Err(Error::not_found(msg!("no-such-tournament")));
        }
        self.store
            .tournament_chat(id, after)
            .await
            .map_err(Error::storage)
    }
}
