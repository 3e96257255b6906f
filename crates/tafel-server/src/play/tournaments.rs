//! Tournaments in play: created, entered and left by accounts, and run by a director.
//!
//! **The director** is a task of every instance that looks, every [`DIRECTOR_TICK`] and as
//! soon as a game's end is done, at the tournaments whose start has come and at those
//! running, all of it in the store, so that a restarted server or another instance carries on
//! where one stopped:
//!
//! - at the start time it cancels a tournament with fewer than two entrants, or numbers the
//!   entrants ([`seeded`]: a Swiss's and an Arena's by rating, a round robin's by the order of
//!   entry) and pairs the first round ([`next_round`]: a round robin's from the Berger tables,
//!   a Swiss's by the Dutch system);
//! - it makes each paired game, with the two entrants' accounts in their seats (seat 0 moves
//!   first), under the game id chosen when the round was paired, so that the game is made
//!   once whichever instance makes it;
//! - it learns each game's result when the game is over ([`scored_of`]: the result, the moves
//!   made, berserk), forfeits a game whose player to move has not made a first move within
//!   [`TournamentLimits::no_show`] of their clock's start ([`no_show_due`]), and pairs the next
//!   round once every game of the round has a result (a Swiss from the results so far; one
//!   that cannot be paired ends the tournament). With a pause between rounds, the next round
//!   is paired and published at once and its games begin when the pause is over
//!   (`next_round_ms`): until then a Swiss's organiser may change its pairings by hand
//!   (module `pairings`). The store advances the round number by one conditional `UPDATE` in
//!   the transaction that inserts the new boards, so each round is paired exactly once.
//!
//! An Arena is directed in the module `arena`: its players are paired again as soon as they
//! are free, until its time is up, and takes players until then (a late entrant is numbered
//! after the players in; one who withdrew may come back). [`ratings`]: what its page shows.
//!
//! A player who withdraws from a round robin or a Swiss resigns the game they are playing;
//! their games not yet paired are scored as forfeits when their round is paired ([`boards`]).
//! In an Arena a withdrawal is a pause, as on lichess: the game in play is played out, the
//! player is paired no more until they come back. Clocks are the games' own:
//! time while no server ran is not charged to them (`Store::credit_downtime`), and the
//! forfeit's deadline runs from the clock's start, which that credit moves too.

mod arena;
mod byes;
mod chat;
mod entries;
mod pairings;
pub mod ratings;

use std::sync::{Arc, Weak};
use std::time::Duration;

use tafel_tournament::Outcome;
use tokio::sync::broadcast;

use super::accounts::SignedIn;
use super::Hub;
use crate::domain::clock::Clock;
use crate::domain::game::{two_player_game, StoredGame};
use crate::domain::ids::{AccountId, GameId, InviteCode};
use crate::domain::seat::StoredSeat;
use crate::domain::tournament::byes::{numbered, Bye, StoredBye};
use crate::domain::tournament::game::{no_show_due, scored_of, withdrawal_resigns, Scored};
use crate::domain::tournament::pairing::{next_round, rounds_in_all, seeded};
use crate::domain::tournament::{
    boards, outcome_text, Board, Entrant, Entry, Kind, State, Tournament, TournamentLimits,
    TournamentRequest,
};
use crate::domain::{Error, ErrorKind};
use crate::msg;
use crate::store::tournaments::{ListedTournament, PairedFrom, StoredTournament};
use crate::store::Store;

/// How often the director looks at the tournaments.
pub const DIRECTOR_TICK: Duration = Duration::from_millis(500);

/// How often [`Tournaments::detail`] reads a tournament whose round moves on meanwhile.
const MAX_DETAIL_READS: u32 = 5;

/// The most tournaments a list shows.
pub const MAX_LISTED: i64 = 50;

/// A tournament with its entrants and boards, as the tournament's page shows it.
#[derive(Debug)]
pub struct TournamentDetail {
    /// The tournament, its organiser and invitation.
    pub stored: StoredTournament,
    /// The entrants with their accounts.
    pub entrants: Vec<(AccountId, Entrant)>,
    /// Every board paired so far.
    pub boards: Vec<Board>,
    /// A Swiss's byes asked for, and the rounds its late entrants missed.
    pub byes: Vec<StoredBye>,
}

impl TournamentDetail {
    /// The byes by entrant number (those of entrants numbered).
    pub fn numbered_byes(&self) -> Vec<Bye> {
        numbered(&self.byes, &self.entrants)
    }
}

/// The tournaments, and their director.
pub struct Tournaments {
    hub: Arc<Hub>,
    store: Store,
    limits: TournamentLimits,
}

impl Tournaments {
    /// The tournaments of `hub`'s games under `limits`; starts the director.
    pub fn new(hub: Arc<Hub>, store: Store, limits: TournamentLimits) -> Arc<Tournaments> {
        let tournaments = Arc::new(Tournaments { hub, store, limits });
        let ended = tournaments.hub.finisher().subscribe();
        tokio::spawn(direct(Arc::downgrade(&tournaments), ended));
        tournaments
    }

    /// Creates the tournament `request` of `organiser`; returns its id and, for entry by
    /// invitation, the code of its invitation link.
    pub async fn create(
        &self,
        organiser: &SignedIn,
        request: TournamentRequest,
    ) -> Result<(String, Option<InviteCode>), Error> {
        let checked = request.check(self.store.now_ms(), &self.limits)?;
        two_player_game(
            &request.game,
            &request.settings,
            msg!("tournaments-are-for-two-player-games"),
        )?;
        let under_way = self
            .store
            .tournaments_under_way(&organiser.id)
            .await
            .map_err(Error::storage)?;
        if under_way >= self.limits.open_per_account {
            return Err(Error::quota(msg!(
                "you-organise-under-way-tournaments-not",
                under_way
            )));
        }
        let invite = (request.entry == Entry::Invitation).then(InviteCode::random);
        let tournament = Tournament {
            id: GameId::random().to_string(),
            name: checked.name,
            organiser: organiser.username.clone(),
            game: request.game,
            settings: request.settings,
            time_control: request.time_control,
            rated: request.rated,
            kind: request.kind,
            entry: request.entry,
            max_entrants: checked.max_entrants,
            starts_ms: request.starts_ms,
            state: State::Open,
            round: 0,
            rounds: checked.rounds,
            round_pause_ms: checked.round_pause_ms,
            next_round_ms: None,
            minutes: checked.minutes,
            late_bye_half_points: checked.late_bye_half_points,
            half_point_byes: checked.half_point_byes,
            tie_breaks: checked.tie_breaks,
        };
        self.store
            .create_tournament(
                &tournament,
                &organiser.id,
                invite.as_ref().map(InviteCode::as_str),
                self.store.now_ms(),
            )
            .await
            .map_err(Error::storage)?;
        Ok((tournament.id, invite))
    }

    /// The tournaments open for entries (soonest first), running, and finished or cancelled
    /// (latest first), at most [`MAX_LISTED`] of each.
    pub async fn list(&self) -> Result<[Vec<ListedTournament>; 3], Error> {
        let list = |states: &'static [State], soonest| async move {
            self.store
                .tournaments_in(states, soonest, MAX_LISTED)
                .await
                .map_err(Error::storage)
        };
        Ok([
            list(&[State::Open], true).await?,
            list(&[State::Running], false).await?,
            list(&[State::Finished, State::Cancelled], false).await?,
        ])
    }

    /// Tournament `id` as stored (404 when there is none).
    async fn stored(&self, id: &str) -> Result<StoredTournament, Error> {
        self.store
            .tournament(id)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("no-such-tournament")))
    }

    /// Tournament `id` with its entrants and boards.
    pub async fn detail(&self, id: &str) -> Result<TournamentDetail, Error> {
        // Four reads, each a moment after the one before. The row's round and the boards are
        // written in one transaction (a start, a round or an Arena's wave), so they agree unless
        // a round was paired between the reads: then everything is read again, so that every
        // reader (the director, the page) sees one moment. The entrants, read last, are
        // numbered whenever a board is there (the start numbers them with round 1).
        let mut reads = 0;
        loop {
            reads += 1;
            let stored = self.stored(id).await?;
            let boards = self.store.boards(id).await.map_err(Error::storage)?;
            let entrants = self.store.entrants(id).await.map_err(Error::storage)?;
            let byes = self.store.byes(id).await.map_err(Error::storage)?;
            let last = boards.iter().map(|b| b.round).max().unwrap_or(0);
            if last == stored.tournament.round || reads == MAX_DETAIL_READS {
                return Ok(TournamentDetail {
                    stored,
                    entrants,
                    boards,
                    byes,
                });
            }
        }
    }

    /// Corrects the result of the game on board `board` of round `round` of tournament `id` to
    /// `outcome`, as its organiser `account` decides (an arbiter's decision, after the game has
    /// a result): the standings follow it; the rounds paired already stay as they are (a
    /// Swiss's later rounds are paired on the corrected points); the game itself and the
    /// ratings keep what was played.
    pub async fn correct_result(
        &self,
        id: &str,
        account: &SignedIn,
        round: u32,
        board: u32,
        outcome: Outcome,
    ) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        if detail.stored.organiser != account.id {
            return Err(Error::forbidden(msg!(
                "only-the-organiser-corrects-results"
            )));
        }
        let Some(game) = detail
            .boards
            .iter()
            .find(|b| b.round == round && b.board == board && b.second.is_some())
        else {
            return Err(Error::not_found(msg!("no-game-on-that-board")));
        };
        if game.outcome.is_none() {
            return Err(Error::conflict(msg!("this-game-has-no-result-yet")));
        }
        let corrected = self
            .store
            .correct_board(id, round, board, outcome)
            .await
            .map_err(Error::storage)?;
        if !corrected {
            return Err(Error::conflict(msg!("this-game-has-no-result-yet")));
        }
        tracing::info!(
            "tournament {id}: round {round} board {board} corrected to {} by its organiser",
            outcome_text(outcome)
        );
        Ok(())
    }

    /// One look of the director at tournament `id`.
    async fn direct_one(&self, id: &str) -> Result<(), Error> {
        let detail = self.detail(id).await?;
        match detail.stored.tournament.state {
            State::Open if detail.stored.tournament.starts_ms <= self.store.now_ms() => {
                self.start(&detail).await
            }
            State::Running => self.advance(&detail).await,
            _ => Ok(()),
        }
    }

    /// Starts a tournament whose time has come, or cancels it with fewer than two entrants.
    async fn start(&self, detail: &TournamentDetail) -> Result<(), Error> {
        let t = &detail.stored.tournament;
        if detail.entrants.len() < 2 {
            self.store
                .cancel_tournament(&t.id, self.store.now_ms())
                .await
                .map_err(Error::storage)?;
            tracing::info!("tournament {}: cancelled, too few entrants", t.id);
            return Ok(());
        }
        let entrants = detail.entrants.len();
        let rounds = rounds_in_all(t.kind, entrants, t.rounds);
        let starting = Tournament {
            rounds,
            ..t.clone()
        };
        let entered: Vec<AccountId> = detail.entrants.iter().map(|(a, _)| a.clone()).collect();
        let ratings = if matches!(t.kind, Kind::Swiss | Kind::Arena) {
            self.store
                .entrant_ratings(&t.id, &t.game)
                .await
                .map_err(Error::storage)?
        } else {
            Vec::new()
        };
        let accounts = seeded(t.kind, &entered, &ratings);
        // The byes asked for round 1, by the numbers the start gives.
        let first_byes: Vec<Bye> = detail
            .byes
            .iter()
            .filter(|b| b.round == 1)
            .filter_map(|b| {
                let entrant = accounts.iter().position(|a| *a == b.account)?;
                Some(Bye {
                    entrant,
                    round: 1,
                    half_points: b.half_points,
                    requested: b.requested,
                })
            })
            .collect();
        let first = next_round(&starting, entrants, &[], &first_byes, &[])?
            .ok_or_else(|| Error::failed(msg!("first-round-cannot-be-paired")))?;
        let first = boards(1, &first, &[], || GameId::random().to_string());
        let started = self
            .store
            .start_tournament(&t.id, &accounts, rounds, &first, byes_in_round(detail, 1))
            .await
            .map_err(Error::storage)?;
        if started {
            tracing::info!(
                "tournament {}: started with {} players",
                t.id,
                accounts.len()
            );
            Box::pin(self.direct_one(&t.id)).await?;
        }
        Ok(())
    }

    /// Follows the games of `boards` still without a result and scores those that have one
    /// now; whether every one of them has.
    async fn score_boards<'a>(
        &self,
        detail: &TournamentDetail,
        boards: impl Iterator<Item = &'a Board>,
    ) -> Result<bool, Error> {
        let mut complete = true;
        for board in boards.filter(|b| b.second.is_some() && b.outcome.is_none()) {
            match self.follow(detail, board).await? {
                Some(scored) => self
                    .store
                    .score_board(
                        &detail.stored.tournament.id,
                        board.round,
                        board.board,
                        &scored,
                    )
                    .await
                    .map_err(Error::storage)?,
                None => complete = false,
            }
        }
        Ok(complete)
    }

    /// Follows the games of the round being played, and pairs the next round (or finishes the
    /// tournament) once every game of the round has a result.
    async fn advance(&self, detail: &TournamentDetail) -> Result<(), Error> {
        let t = &detail.stored.tournament;
        if t.kind == Kind::Arena {
            return self.advance_arena(detail).await;
        }
        let now = self.store.now_ms();
        if t.next_round_ms.is_some_and(|begins| now < begins) {
            // Paired and published; its games begin after the pause (until then the organiser
            // may change its pairings by hand).
            return Ok(());
        }
        let round = detail.boards.iter().filter(|b| b.round == t.round);
        if !self.score_boards(detail, round).await? {
            return Ok(());
        }
        let withdrawn = withdrawn_numbers(detail);
        let next = if t.round < t.rounds {
            // The boards again, with the results just scored (a Swiss pairs from them).
            let boards = self.store.boards(&t.id).await.map_err(Error::storage)?;
            let byes = detail.numbered_byes();
            next_round(t, detail.entrants.len(), &boards, &byes, &withdrawn)?
        } else {
            None
        };
        let Some(next) = next else {
            if self
                .store
                .finish_tournament(&t.id, t.round, self.store.now_ms())
                .await
                .map_err(Error::storage)?
            {
                tracing::info!("tournament {}: finished after round {}", t.id, t.round);
            }
            return Ok(());
        };
        let next = boards(t.round + 1, &next, &withdrawn, || {
            GameId::random().to_string()
        });
        let from = PairedFrom {
            entrants: detail.entrants.len(),
            byes: byes_in_round(detail, t.round + 1),
        };
        let begins = (t.round_pause_ms > 0).then(|| now + t.round_pause_ms);
        self.pair_next(t, &next, "round", Some(from), begins).await
    }

    /// Stores `boards` as the round (an Arena's wave, `what`) after `t.round`, its games to
    /// begin at `begins` (`None`: at once), unless another instance paired it first (or,
    /// `from` given, an entry or a bye came meanwhile: the next look pairs it again), and
    /// follows them.
    async fn pair_next(
        &self,
        t: &Tournament,
        boards: &[Board],
        what: &str,
        from: Option<PairedFrom>,
        begins: Option<i64>,
    ) -> Result<(), Error> {
        if self
            .store
            .pair_round(&t.id, t.round, boards, from, begins)
            .await
            .map_err(Error::storage)?
        {
            tracing::info!("tournament {}: {what} {} paired", t.id, t.round + 1);
            Box::pin(self.direct_one(&t.id)).await?;
        }
        Ok(())
    }

    /// The result of `board`'s game, if it has one now: the game is made if it is not yet,
    /// resigned for a player who withdrew while it was being made, and forfeited if its player
    /// to move has not moved in time.
    async fn follow(
        &self,
        detail: &TournamentDetail,
        board: &Board,
    ) -> Result<Option<Scored>, Error> {
        let Some(game_id) = &board.game_id else {
            return Ok(None);
        };
        let id = GameId::parse(game_id)?;
        let (_, mut live) = match self.hub.lock_game(&id).await {
            Err(e) if e.kind == ErrorKind::NotFound => {
                let gone = |n: Option<usize>| {
                    detail
                        .entrants
                        .iter()
                        .any(|(_, e)| e.withdrawn && e.number.is_some() && e.number == n)
                };
                // A player who withdrew after the pairing forfeits rather than being seated.
                let forfeit = match (gone(Some(board.first)), gone(board.second)) {
                    (false, false) => {
                        return self.make_game(detail, board, id).await.map(|()| None)
                    }
                    (true, false) => Outcome::SecondWonByForfeit,
                    (false, true) => Outcome::FirstWonByForfeit,
                    (true, true) => Outcome::DoubleForfeit,
                };
                return Ok(Some(Scored::unplayed(forfeit)));
            }
            locked => locked?,
        };
        if let Some(scored) = scored_of(&live) {
            return Ok(Some(scored));
        }
        let now = self.store.now_ms();
        // A player who withdrew while the game was being made resigns it here (but for an
        // Arena's, paused: their game is played out).
        let withdrawn: Vec<&AccountId> = detail
            .entrants
            .iter()
            .filter(|(_, e)| e.withdrawn && detail.stored.tournament.kind != Kind::Arena)
            .map(|(a, _)| a)
            .collect();
        let ending = withdrawal_resigns(&live, &withdrawn)
            .or_else(|| no_show_due(&live, self.limits.no_show, now));
        if let Some(ending) = ending {
            let change = live.ending_change(ending, now);
            self.hub.committer.commit(&mut live, change).await?;
            return Ok(scored_of(&live));
        }
        Ok(None)
    }

    /// Makes `board`'s game `id`: the first entrant's account in seat 0, the second's in seat
    /// 1, both seats taken, the tournament's game, settings, clock and rating.
    async fn make_game(
        &self,
        detail: &TournamentDetail,
        board: &Board,
        id: GameId,
    ) -> Result<(), Error> {
        let t = &detail.stored.tournament;
        let seat = |number: Option<usize>| -> Result<StoredSeat, Error> {
            let (account, entrant) = detail
                .entrants
                .iter()
                .find(|(_, e)| e.number.is_some() && e.number == number)
                .ok_or_else(|| Error::failed(msg!("board-names-no-entrant")))?;
            let mut seat = StoredSeat::invited();
            seat.joined = true;
            seat.played_by(account.clone(), &entrant.username);
            Ok(seat)
        };
        let seats = vec![seat(Some(board.first))?, seat(board.second)?];
        let mut stored = StoredGame::new(
            id.clone(),
            t.game.clone(),
            t.settings.clone().into_iter().collect(),
            None,
            seats,
            Vec::new(),
        );
        stored.rated = t.rated;
        stored.time_control = t.time_control;
        stored.table.clock = Clock::new(t.time_control, 2);
        match self.hub.store_new(stored, None).await {
            Ok(_) => Ok(()),
            // Another instance made it first.
            Err(e) if self.hub.get(&id).await.is_ok() => {
                tracing::debug!("game {id} of tournament {} made elsewhere: {e}", t.id);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}

/// How many byes `detail` has in `round`.
fn byes_in_round(detail: &TournamentDetail, round: u32) -> usize {
    detail.byes.iter().filter(|b| b.round == round).count()
}

/// The numbers of `detail`'s entrants who withdrew.
fn withdrawn_numbers(detail: &TournamentDetail) -> Vec<usize> {
    detail
        .entrants
        .iter()
        .filter(|(_, e)| e.withdrawn)
        .filter_map(|(_, e)| e.number)
        .collect()
}

/// The director's task: one look at each tournament to start or running every
/// [`DIRECTOR_TICK`] (starts, pauses between rounds and no-shows are moments in time) and as
/// soon as a game's end is done (the finisher's event, from any instance), until the hub
/// stops.
async fn direct(tournaments: Weak<Tournaments>, mut ended: broadcast::Receiver<String>) {
    let mut tick = tokio::time::interval(DIRECTOR_TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            // An end, or ends missed while the director was busy: look now either way.
            _ = ended.recv() => {}
        }
        let Some(tournaments) = tournaments.upgrade() else {
            return;
        };
        if tournaments.hub.is_stopped() {
            return;
        }
        let ids = match tournaments
            .store
            .tournaments_to_direct(tournaments.store.now_ms())
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("cannot read the tournaments to direct: {e:#}");
                continue;
            }
        };
        for id in ids {
            if let Err(e) = tournaments.direct_one(&id).await {
                tracing::warn!("tournament {id}: {e}");
            }
        }
    }
}
