//! A tournament played in rounds as FIDE's Tournament Report File (TRF-16 or TRF-2026, written
//! by `tafel_tournament::trf`): its name, start date, kind, clock and rounds, then a line per
//! entrant with every round's opponent, side and result, its points and its place. A Swiss also
//! gets its colour lot (`XXC`, or `152`) and, in TRF-2026, its pairing system (`192
//! FIDE_DUTCH_2025`) and its withdrawn players marked absent from the next round (`0000 - Z`),
//! those with a bye asked for it too (`0000 - H` or `Z`), so that a pairing program (or `tafel
//! swiss --trf`) pairs the next round as the server would. In the rounds written, a bye asked
//! for (or a round a late entrant missed) reads `H` or `Z`.
//!
//! Entrants are named by username and unrated (ratings are the server's own, not FIDE's), so
//! their pairing numbers are their numbers in the tournament. Rounds are written as far as
//! every game of them has a result.

use tafel_tournament::swiss::initial_colour;
use tafel_tournament::trf::{export, TrfHeader, TrfPlayer, TrfVersion};

use super::byes::Bye;
use super::pairing::lot_seed;
use super::standings::{last_complete, played_rounds, rules};
use super::{Board, Entrant, Kind, State, Tournament};
use crate::domain::clock::TimeControl;
use crate::domain::error::Error;
use crate::msg;

/// The TRF file (`version`) of tournament `t`, whose entrants are `entrants` (by number), after
/// `boards` and `byes`.
pub fn trf(
    t: &Tournament,
    entrants: &[Entrant],
    boards: &[Board],
    byes: &[Bye],
    version: TrfVersion,
) -> Result<String, Error> {
    if t.kind == Kind::Arena {
        return Err(Error::invalid(msg!("arena-has-no-rounds-to-report")));
    }
    if t.state == State::Open || t.state == State::Cancelled {
        return Err(Error::conflict(msg!(
            "tournament-has-not-been-played-nothing"
        )));
    }
    let header = TrfHeader {
        name: t.name.clone(),
        start_date: date(t.starts_ms),
        kind: match t.kind {
            Kind::Swiss => "Swiss (FIDE Dutch)",
            Kind::DoubleRoundRobin => "Double round robin",
            _ => "Round robin",
        }
        .to_string(),
        time_control: match t.time_control {
            TimeControl::Fischer {
                initial_seconds,
                increment_seconds,
            } => format!("{initial_seconds}s+{increment_seconds}s"),
            TimeControl::Correspondence { days_per_move } => format!("{days_per_move} d/move"),
            TimeControl::None => String::new(),
        },
        rounds: t.rounds as usize,
        version,
        initial: (t.kind == Kind::Swiss).then(|| initial_colour(lot_seed(&t.id))),
        system: if t.kind == Kind::Swiss {
            "FIDE_DUTCH_2025".into()
        } else {
            String::new()
        },
        ..TrfHeader::default()
    };
    let last = last_complete(boards);
    let marks_next = t.kind == Kind::Swiss && version == TrfVersion::Trf2026;
    let players: Vec<TrfPlayer> = entrants
        .iter()
        .enumerate()
        .map(|(number, entrant)| TrfPlayer {
            name: entrant.username.clone(),
            rating: 0,
            withdrawn: marks_next && entrant.withdrawn,
            next_bye: byes
                .iter()
                .find(|b| marks_next && b.entrant == number && b.round == last + 1)
                .map(|b| b.half_points),
        })
        .collect();
    let rounds = played_rounds(boards, byes, last);
    export(&header, &players, &rounds, &rules(t.kind, &t.tie_breaks))
        .map_err(|e| Error::failed(msg!("tournament-boards-do-not-add-up", e)))
}

/// `YYYY/MM/DD` of `ms` since the Unix epoch (UTC), as TRF writes dates.
fn date(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .map(|t| format!("{:04}/{:02}/{:02}", t.year(), u8::from(t.month()), t.day()))
        .unwrap_or_default()
}
