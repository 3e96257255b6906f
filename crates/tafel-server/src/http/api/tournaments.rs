//! Tournaments: created by an account, listed (upcoming, running, finished), shown with their
//! standings, rounds, games in play and crosstable, entered and left, and exported as FIDE's
//! Tournament Report File (TRF).

pub mod byes;
pub mod chat;
pub mod pairings;
pub mod results;
pub mod trf;

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::domain::clock::TimeControl;
use crate::domain::ids::{GameId, InviteCode};
use crate::domain::tournament::arena::sheets;
use crate::domain::tournament::byes::LateEntry;
use crate::domain::tournament::standings::{crosstable, standings};
use crate::domain::tournament::{
    outcome_text, Board, Entry, Kind, State as TournamentState, Tournament, TournamentRequest,
};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::{MaybeSignedIn, SignedIn};
use crate::msg;
use crate::play::tournaments::ratings::EntrantRatings;
use crate::play::tournaments::{TournamentDetail, Tournaments};
use crate::play::Hub;

/// A tournament in a list.
#[derive(Serialize, ToSchema)]
pub struct TournamentSummary {
    /// Its id (its page is `/tournament/{id}`).
    id: String,
    /// Its name.
    name: String,
    /// The organiser's username.
    organiser: String,
    /// The game's registry name.
    game: String,
    /// The game's settings.
    settings: BTreeMap<String, String>,
    /// Every game's clock.
    time_control: TimeControl,
    /// Whether the games are rated.
    rated: bool,
    /// How players are paired.
    kind: Kind,
    /// Who may enter.
    entry: Entry,
    /// Entrants at most.
    max_entrants: usize,
    /// When it starts (ms since the Unix epoch).
    starts_ms: i64,
    /// Where it stands.
    state: TournamentState,
    /// The round being played (0 before the start).
    round: u32,
    /// The rounds in all: a Swiss's as chosen (fewer from the start if its entrants cannot
    /// play that many); a round robin's from the start (0 before).
    rounds: u32,
    /// Seconds between the end of a round and the pairing of the next (0: at once).
    round_pause_s: i64,
    /// Entrants who have not withdrawn.
    entrants: usize,
    /// An Arena's duration in minutes (0 for the other kinds).
    minutes: u32,
    /// When an Arena ends (ms since the Unix epoch): nothing is paired from then on; absent
    /// for the other kinds.
    ends_ms: Option<i64>,
    /// A Swiss's late entry (absent for the other kinds).
    late_entry: Option<LateEntry>,
    /// The half-point byes each player of a Swiss may ask for.
    half_point_byes: u32,
    /// The tie-breaks, in order, by FIDE's acronyms (`BH-C1`, `BH`, `SB`, `DE`, `WIN`...).
    tie_breaks: Vec<String>,
}

impl TournamentSummary {
    fn of(t: Tournament, entrants: usize) -> TournamentSummary {
        TournamentSummary {
            ends_ms: (t.kind == Kind::Arena).then(|| t.ends_ms()),
            late_entry: (t.kind == Kind::Swiss).then(|| LateEntry::of(t.late_bye_half_points)),
            half_point_byes: t.half_point_byes,
            tie_breaks: t.tie_breaks.iter().map(ToString::to_string).collect(),
            minutes: t.minutes,
            id: t.id,
            name: t.name,
            organiser: t.organiser,
            game: t.game,
            settings: t.settings,
            time_control: t.time_control,
            rated: t.rated,
            kind: t.kind,
            entry: t.entry,
            max_entrants: t.max_entrants,
            starts_ms: t.starts_ms,
            state: t.state,
            round: t.round,
            rounds: t.rounds,
            round_pause_s: t.round_pause_ms / 1000,
            entrants,
        }
    }
}

/// The tournaments to list.
#[derive(Serialize, ToSchema)]
pub struct TournamentLists {
    /// Open for entries, the soonest to start first.
    upcoming: Vec<TournamentSummary>,
    /// Being played, the latest started first.
    running: Vec<TournamentSummary>,
    /// Finished or cancelled, the latest first.
    finished: Vec<TournamentSummary>,
}

/// The tournaments upcoming, running and finished (at most 50 of each).
#[utoipa::path(get, path = "/api/tournaments", tag = tags::TOURNAMENTS,
    responses((status = 200, description = "The lists", body = TournamentLists)))]
pub async fn list(
    State(tournaments): State<Arc<Tournaments>>,
) -> Result<Json<TournamentLists>, ApiError> {
    let [upcoming, running, finished] = tournaments.list().await?.map(|list| {
        list.into_iter()
            .map(|l| TournamentSummary::of(l.tournament, l.entrants as usize))
            .collect()
    });
    Ok(Json(TournamentLists {
        upcoming,
        running,
        finished,
    }))
}

/// A tournament just created.
#[derive(Serialize, ToSchema)]
pub struct CreatedTournament {
    /// Its id.
    id: String,
    /// The invitation code for entry by invitation (the link is `/tournament/{id}#invite=CODE`).
    invite: Option<String>,
}

/// Creates a tournament (the organiser does not enter it by creating it).
#[utoipa::path(post, path = "/api/tournaments", tag = tags::TOURNAMENTS,
    request_body = TournamentRequest,
    responses((status = 201, description = "Created", body = CreatedTournament),
              (status = 400, description = "A bad name, game, setting, clock, start, number of entrants, rounds or duration", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 429, description = "The account organises as many unfinished tournaments as it may", body = ErrorBody)))]
pub async fn create(
    State(tournaments): State<Arc<Tournaments>>,
    SignedIn(account): SignedIn,
    Json(request): Json<TournamentRequest>,
) -> Result<(StatusCode, Json<CreatedTournament>), ApiError> {
    let (id, invite) = tournaments.create(&account, request).await?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedTournament {
            id,
            invite: invite.map(|code| code.as_str().to_string()),
        }),
    ))
}

/// An entrant.
#[derive(Serialize, ToSchema)]
pub struct EntrantView {
    /// The entrant's number in the tables (from 0; absent before the start).
    number: Option<usize>,
    /// The username.
    username: String,
    /// Whether the player withdrew.
    withdrawn: bool,
}

/// One line of the standings.
#[derive(Serialize, ToSchema)]
pub struct StandingView {
    /// The place (equal points and tie-breaks share one).
    rank: usize,
    /// The username.
    username: String,
    /// Points: a win 1, a draw ½ (a Swiss's bye 1); an Arena's points (a win 2, a draw 1,
    /// doubled on a streak, a berserk win of 14 moves or more 1 more, a draw before move 20
    /// nothing).
    points: f64,
    /// The value of each of the tournament's `tie_breaks`, in their order (in points; ARO a
    /// rating; DE the place among those it separates, 0 when it separates nobody).
    tie_breaks: Vec<f64>,
    /// Games finished.
    games: usize,
    /// Whether the player withdrew.
    withdrawn: bool,
    /// The player's rating in the tournament's game now, rounded (null before a first rated
    /// game of it).
    rating: Option<i64>,
    /// What the tournament's rated games changed of it, rounded (null if none was rated).
    rating_change: Option<i64>,
    /// An Arena's score sheet: each finished game's points, oldest first (empty for the
    /// other kinds).
    sheet: Vec<SheetMark>,
    /// An Arena player's next game counts double (its last two were wins).
    on_fire: bool,
}

/// One game on an Arena player's score sheet.
#[derive(Serialize, ToSchema)]
pub struct SheetMark {
    /// The points it earned.
    points: u32,
    /// Counted double: the two games before it were wins.
    doubled: bool,
    /// A berserk win of 14 moves or more: a point more.
    berserk: bool,
}

/// A board of a round: a game, or the bye (no `second`).
#[derive(Serialize, ToSchema)]
pub struct BoardView {
    /// The board, from 1 (0: the bye).
    board: u32,
    /// Who moves first (the bye's player for the bye).
    first: String,
    /// Who moves second; absent for the bye.
    second: Option<String>,
    /// The game (its page is `/game/{id}`); absent for the bye and a game forfeited when
    /// paired.
    game_id: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, a forfeit `+:-`, `-:+` or `-:-`; absent while played.
    result: Option<String>,
}

/// A round and its boards.
#[derive(Serialize, ToSchema)]
pub struct RoundView {
    /// The round, from 1.
    round: u32,
    /// Its boards, the bye last.
    boards: Vec<BoardView>,
}

/// A line of the crosstable.
#[derive(Serialize, ToSchema)]
pub struct CrossRow {
    /// The username.
    username: String,
    /// Against each entrant by number: `1`, `½`, `0`, `+`, `-` (forfeits), several in a double
    /// round robin, empty before they meet (and against oneself).
    results: Vec<String>,
    /// The rounds in which the player had the bye (a Swiss's scores a win, a round robin's
    /// nothing).
    byes: Vec<u32>,
}

/// A tournament's page.
#[derive(Serialize, ToSchema)]
pub struct TournamentView {
    /// What a list shows.
    #[serde(flatten)]
    summary: TournamentSummary,
    /// The server's time now (ms since the Unix epoch), for countdowns.
    now_ms: i64,
    /// When the games of the round paired last begin, while it waits for the pause between
    /// rounds to end (ms since the Unix epoch); until then a Swiss's organiser may change its
    /// pairings by hand.
    next_round_ms: Option<i64>,
    /// What the round waiting to begin breaks of the Dutch system, board by board.
    broken: Vec<pairings::BrokenView>,
    /// The entrants, by number (by entry before the start).
    players: Vec<EntrantView>,
    /// The standings, best first (empty before the start).
    standings: Vec<StandingView>,
    /// Every round paired so far.
    pairings: Vec<RoundView>,
    /// The games still being played (a round's, or an Arena's games under way).
    in_play: Vec<BoardView>,
    /// The crosstable, by entrant number.
    crosstable: Vec<CrossRow>,
    /// A Swiss's byes asked for, and the rounds its late entrants missed, by round and name.
    byes: Vec<byes::ByeView>,
    /// Whether the signed-in account has entered (and not withdrawn).
    entered: bool,
    /// The signed-in account's game in play in this tournament, if any.
    your_game: Option<String>,
    /// The invitation code, for the organiser of a tournament by invitation.
    invite: Option<String>,
}

impl TournamentView {
    /// The page of `detail` as `viewer` sees it at `now_ms`, with the entrants' `ratings`.
    fn of(
        detail: TournamentDetail,
        ratings: EntrantRatings,
        viewer: Option<&crate::play::accounts::SignedIn>,
        now_ms: i64,
    ) -> Result<Self, ApiError> {
        let byes = detail.numbered_byes();
        let round = detail.stored.tournament.round;
        let waiting = detail.waits_to_begin(round, now_ms);
        let broken = detail.broken_rules(now_ms);
        let TournamentDetail {
            stored,
            entrants,
            boards,
            byes: stored_byes,
        } = detail;
        let account_of = |number: usize| {
            (entrants.iter())
                .find(|(_, e)| e.number == Some(number))
                .map(|(account, _)| account)
        };
        let rating = |number: usize, of: &std::collections::HashMap<_, f64>| {
            account_of(number)
                .and_then(|a| of.get(a))
                .map(|r| r.round() as i64)
        };
        let name_of = |number: usize| {
            entrants
                .iter()
                .find(|(_, e)| e.number == Some(number))
                .map_or_else(String::new, |(_, e)| e.username.clone())
        };
        let board_view = |b: &Board| BoardView {
            board: b.board,
            first: name_of(b.first),
            second: b.second.map(name_of),
            game_id: b.game_id.clone().filter(|_| !(waiting && b.round == round)),
            result: b.outcome.map(|o| outcome_text(o).to_string()),
        };
        // Numbered at the start (the row read a moment before may still say open).
        let numbered = entrants.iter().filter(|(_, e)| e.number.is_some()).count();
        let withdrawn = |number: usize| {
            entrants
                .iter()
                .any(|(_, e)| e.number == Some(number) && e.withdrawn)
        };
        let mine = viewer.and_then(|v| entrants.iter().find(|(a, _)| *a == v.id));
        let my_number = mine.and_then(|(_, e)| e.number);
        let under_way = || {
            boards
                .iter()
                .filter(|b| b.second.is_some() && b.outcome.is_none())
                .filter(|b| !(waiting && b.round == round))
        };
        let your_game = my_number.and_then(|n| {
            under_way()
                .find(|b| b.first == n || b.second == Some(n))
                .and_then(|b| b.game_id.clone())
        });
        let mut pairings: Vec<RoundView> = Vec::new();
        for b in &boards {
            if pairings.last().is_none_or(|r| r.round != b.round) {
                pairings.push(RoundView {
                    round: b.round,
                    boards: Vec::new(),
                });
            }
            if let Some(last) = pairings.last_mut() {
                last.boards.push(board_view(b));
            }
        }
        for r in &mut pairings {
            r.boards.sort_by_key(|b| b.board == 0);
        }
        let is_organiser = viewer.is_some_and(|v| v.id == stored.organiser);
        let start_ratings: Vec<u32> = (0..numbered)
            .map(|n| ratings.at_start(account_of(n)))
            .collect();
        let t = &stored.tournament;
        let standings = standings(
            t.kind,
            &t.tie_breaks,
            numbered,
            &boards,
            &byes,
            &start_ratings,
        )?;
        let sheets = if stored.tournament.kind == Kind::Arena {
            sheets(numbered, &boards)?
        } else {
            Vec::new()
        };
        let sheet = |n: usize| -> (Vec<SheetMark>, bool) {
            sheets.get(n).map_or_else(Default::default, |sheet| {
                let marks = sheet
                    .lines
                    .iter()
                    .map(|line| SheetMark {
                        points: line.points,
                        doubled: line.on_fire,
                        berserk: line.berserk_point,
                    })
                    .collect();
                (marks, sheet.on_fire())
            })
        };
        Ok(TournamentView {
            now_ms,
            next_round_ms: stored.tournament.next_round_ms.filter(|_| waiting),
            broken: pairings::views(broken, name_of),
            players: entrants
                .iter()
                .map(|(_, e)| EntrantView {
                    number: e.number,
                    username: e.username.clone(),
                    withdrawn: e.withdrawn,
                })
                .collect(),
            standings: standings
                .into_iter()
                .map(|s| {
                    let (sheet, on_fire) = sheet(s.entrant);
                    StandingView {
                        sheet,
                        on_fire,
                        rank: s.rank,
                        username: name_of(s.entrant),
                        points: s.points,
                        tie_breaks: s.tie_breaks,
                        games: s.games,
                        withdrawn: withdrawn(s.entrant),
                        rating: rating(s.entrant, &ratings.now),
                        rating_change: rating(s.entrant, &ratings.change),
                    }
                })
                .collect(),
            in_play: under_way()
                .filter(|b| b.game_id.is_some())
                .map(board_view)
                .collect(),
            crosstable: crosstable(numbered, &boards)
                .into_iter()
                .enumerate()
                .map(|(n, results)| CrossRow {
                    username: name_of(n),
                    results,
                    byes: boards
                        .iter()
                        .filter(|b| b.second.is_none() && b.first == n)
                        .filter(|b| !(waiting && b.round == round))
                        .map(|b| b.round)
                        .collect(),
                })
                .collect(),
            byes: byes::views(&stored_byes, &entrants),
            entered: mine.is_some_and(|(_, e)| !e.withdrawn),
            your_game,
            invite: stored.invite.filter(|_| is_organiser),
            pairings,
            summary: TournamentSummary::of(
                stored.tournament,
                entrants.iter().filter(|(_, e)| !e.withdrawn).count(),
            ),
        })
    }
}

/// Parses a tournament id as a client sent it (the shape of a game's id): a malformed one
/// names no tournament.
fn tournament_id(id: &str) -> Result<String, ApiError> {
    GameId::parse(id)
        .map(|id| id.to_string())
        .map_err(|_| crate::domain::Error::not_found(msg!("no-such-tournament")).into())
}

/// A tournament with its standings, the pairings of every round, the games in play and the
/// crosstable.
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id")),
    responses((status = 200, description = "The tournament", body = TournamentView),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn read(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    MaybeSignedIn(account): MaybeSignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    let detail = tournaments.detail(&tournament_id(&id)?).await?;
    page(&tournaments, detail, account.as_ref(), &hub).await
}

/// The page of `detail` as `viewer` sees it now, with its entrants' ratings.
async fn page(
    tournaments: &Tournaments,
    detail: TournamentDetail,
    viewer: Option<&crate::play::accounts::SignedIn>,
    hub: &Hub,
) -> Result<Json<TournamentView>, ApiError> {
    let ratings = tournaments.ratings(&detail).await?;
    Ok(Json(TournamentView::of(
        detail,
        ratings,
        viewer,
        hub.now_ms(),
    )?))
}

/// What entering a tournament takes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryRequest {
    /// The invitation code, for a tournament by invitation.
    #[serde(default)]
    invite: Option<String>,
}

/// Enters the signed-in account into a tournament open for entries.
#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id")),
    request_body = EntryRequest,
    responses((status = 200, description = "Entered: the tournament", body = TournamentView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "By invitation, and the code is missing or wrong", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Entered already, entries closed, or full", body = ErrorBody)))]
pub async fn join(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Json(request): Json<EntryRequest>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = tournament_id(&id)?;
    let code = match request.invite.as_deref().map(InviteCode::parse) {
        Some(Ok(code)) => Some(code),
        Some(Err(_)) => {
            return Err(
                crate::domain::Error::forbidden(msg!("that-invitation-code-is-not-this")).into(),
            )
        }
        None => None,
    };
    tournaments.enter(&id, &account, code.as_ref()).await?;
    let detail = tournaments.detail(&id).await?;
    page(&tournaments, detail, Some(&account), &hub).await
}

/// Takes the signed-in account out of a tournament: before the start its entry goes; while a
/// round robin or a Swiss runs it resigns its game in play and its later games are forfeited;
/// in an Arena it pauses (its game in play is played out; `join` brings it back).
#[utoipa::path(post, path = "/api/tournaments/{id}/withdraw", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id")),
    responses((status = 200, description = "Withdrawn: the tournament", body = TournamentView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Not entered, withdrawn already, or the tournament is over", body = ErrorBody)))]
pub async fn withdraw(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = tournament_id(&id)?;
    tournaments.withdraw(&id, &account).await?;
    let detail = tournaments.detail(&id).await?;
    page(&tournaments, detail, Some(&account), &hub).await
}
