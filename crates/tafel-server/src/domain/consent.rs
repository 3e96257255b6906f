//! Decisions that need more than one person: draw offers, takebacks, a team's
//! resignation, and the rematch of a finished game (its rules are [`crate::domain::rematch`]'s).
//!
//! - **Voices.** The seats at the creator's screen share one browser, so the server cannot
//!   tell their people apart: their tokens speak for all of them together (one voice). Each
//!   invited seat is a voice of its own; the computer has none. Consent is recorded per seat:
//!   when a voice agrees, every seat it speaks for has agreed.
//! - **A draw** is agreed when every side (team) has agreed through all of its people's
//!   seats. A side without a person (only the computer) never agrees, so no draw can be
//!   offered against it.
//! - **A resignation** ends the game when all the people of the side agree (in a two-player
//!   game, at once); a team's first resignation waits for the partners.
//! - **A takeback** of the asker's last move (and everything after it) happens when every
//!   other person in the game has accepted; where nobody else is in the game (only the
//!   computer, or people at the same screen) it happens at once, as the plain undo does.
//! - **What clears them.** A person's move clears a takeback request (it asked about another
//!   position) and any resignation waiting for partners; a move by a side that has not agreed
//!   to a draw declines the offer. Moves of the computer clear nothing (a takeback then takes
//!   them back too). The end of the game clears everything.

use serde::{Deserialize, Serialize};

use crate::domain::error::Error;
use crate::domain::seat::{SeatKind, StoredSeat};
use crate::msg;

/// Who speaks for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    /// Every seat at the creator's screen.
    Screen,
    /// One invited person's seat.
    Seat(usize),
}

/// The seats of a game with their teams: who speaks for whom.
pub struct Sides<'a> {
    seats: &'a [StoredSeat],
    teams: Vec<u8>,
}

impl<'a> Sides<'a> {
    /// The seats, with `teams[i]` the team of seat `i`.
    pub fn new(seats: &'a [StoredSeat], teams: Vec<u8>) -> Sides<'a> {
        Sides { seats, teams }
    }

    /// Who speaks for `seat` (`None` for the computer).
    pub fn voice(&self, seat: usize) -> Option<Voice> {
        match self.seats[seat].kind {
            SeatKind::Local => Some(Voice::Screen),
            SeatKind::Invite => Some(Voice::Seat(seat)),
            SeatKind::Computer => None,
        }
    }

    /// Every seat the holder of `seat`'s token speaks for (itself, and at one screen every
    /// seat there).
    pub fn speaking_with(&self, seat: usize) -> Vec<usize> {
        let voice = self.voice(seat);
        (0..self.seats.len())
            .filter(|&s| voice.is_some() && self.voice(s) == voice)
            .collect()
    }

    /// The seats of people who hold them (an invitation nobody took left out).
    pub fn seated(&self) -> Vec<usize> {
        (self.people().into_iter())
            .filter(|&s| !self.seats[s].is_open())
            .collect()
    }

    /// The seats of people.
    pub fn people(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].kind.is_person())
            .collect()
    }

    /// The seats of people in `team`.
    fn people_of(&self, team: u8) -> Vec<usize> {
        self.people()
            .into_iter()
            .filter(|&s| self.teams[s] == team)
            .collect()
    }

    /// The teams, each once, in seat order.
    fn teams(&self) -> Vec<u8> {
        let mut teams: Vec<u8> = Vec::new();
        for &team in &self.teams {
            if !teams.contains(&team) {
                teams.push(team);
            }
        }
        teams
    }

    /// The team of `seat`.
    pub fn team(&self, seat: usize) -> u8 {
        self.teams[seat]
    }

    /// Whether any person other than those `seat` speaks for is in the game (so that
    /// taking a move back needs their consent).
    pub fn others_present(&self, seat: usize) -> bool {
        let mine = self.speaking_with(seat);
        self.people().iter().any(|s| !mine.contains(s))
    }
}

/// The proposals waiting for an answer in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposals {
    /// A draw offered: the seats that agree so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Vec<usize>>,
    /// A takeback asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<Takeback>,
    /// Resignations waiting for the partners of a team.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resign: Vec<Resignation>,
    /// A rematch offered once the game is over: the seats that want it so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Vec<usize>>,
}

/// A takeback asked for: back to the position after `keep` moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Takeback {
    /// The seat that asked.
    pub by: usize,
    /// The number of moves that stay (the asker's last move and everything after it go).
    pub keep: usize,
    /// The seats that agree so far (the asker's among them).
    pub accepted: Vec<usize>,
}

/// A team's resignation waiting for the rest of the team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resignation {
    /// The team.
    pub team: u8,
    /// The seats of the team that resign so far.
    pub seats: Vec<usize>,
}

/// A proposal that came to nothing, as the table is told: which, by whose doing, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lapse {
    /// `draw`, `takeback` or `rematch`.
    pub proposal: &'static str,
    /// The seat whose action ended it.
    pub seat: usize,
    /// `declined`, `withdrawn` (by a seat that had proposed or agreed to it), `expired` (a
    /// move ended it) or `left` (a rematch offer whose player left the game's page).
    pub answer: &'static str,
}

/// What a decision came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Decided {
    /// Everyone needed has agreed: do it.
    Done,
    /// It waits for others.
    Waiting,
}

/// An answer to a proposal: `offer` (or `request`), `accept` or `decline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// Propose (a draw offer; a takeback request).
    #[serde(alias = "request")]
    Offer,
    /// Agree to what another proposed.
    Accept,
    /// Refuse it (or, by the one who proposed, withdraw it).
    Decline,
}

impl Answer {
    /// Every answer, in order.
    pub const ALL: [Answer; 3] = [Answer::Offer, Answer::Accept, Answer::Decline];
}

/// Adds `seats` to `set`, each once, keeping it sorted.
fn agree(set: &mut Vec<usize>, seats: &[usize]) {
    for &seat in seats {
        if !set.contains(&seat) {
            set.push(seat);
        }
    }
    set.sort_unstable();
}

impl Proposals {
    /// `seat`'s answer to a draw: an offer (which accepts one already made), an acceptance or
    /// a refusal.
    pub fn draw(&mut self, sides: &Sides, seat: usize, answer: Answer) -> Result<Decided, Error> {
        let mine = sides.speaking_with(seat);
        match answer {
            Answer::Offer | Answer::Accept => {
                if sides
                    .teams()
                    .into_iter()
                    .any(|t| sides.people_of(t).is_empty())
                {
                    return Err(Error::conflict(msg!("computer-does-not-agree-to-draws")));
                }
                match (&mut self.draw, answer) {
                    (None, Answer::Accept) => {
                        return Err(Error::conflict(msg!("there-is-no-draw-offer-to-accept")))
                    }
                    (Some(agreed), _) if mine.iter().all(|s| agreed.contains(s)) => {
                        return Err(Error::conflict(msg!("you-have-agreed-to-the-draw")))
                    }
                    (Some(agreed), _) => agree(agreed, &mine),
                    (None, _) => self.draw = Some(mine.clone()),
                }
                let agreed = self.draw.as_ref().expect("a draw offer was just made");
                if sides.people().iter().all(|s| agreed.contains(s)) {
                    self.draw = None;
                    Ok(Decided::Done)
                } else {
                    Ok(Decided::Waiting)
                }
            }
            Answer::Decline => {
                if self.draw.take().is_none() {
                    return Err(Error::conflict(msg!("there-is-no-draw-offer-to-decline")));
                }
                Ok(Decided::Waiting)
            }
        }
    }

    /// `seat` resigns for its side: done when all the side's people have.
    pub fn resign(&mut self, sides: &Sides, seat: usize) -> Decided {
        let team = sides.team(seat);
        let needed = sides.people_of(team);
        let mine: Vec<usize> = sides
            .speaking_with(seat)
            .into_iter()
            .filter(|s| needed.contains(s))
            .collect();
        let index = match self.resign.iter().position(|r| r.team == team) {
            Some(index) => index,
            None => {
                self.resign.push(Resignation {
                    team,
                    seats: Vec::new(),
                });
                self.resign.len() - 1
            }
        };
        agree(&mut self.resign[index].seats, &mine);
        if needed.iter().all(|s| self.resign[index].seats.contains(s)) {
            self.resign.remove(index);
            Decided::Done
        } else {
            Decided::Waiting
        }
    }

    /// `seat` asks to take back to the position after `keep` moves; done at once when nobody
    /// else is in the game.
    pub fn request_takeback(
        &mut self,
        sides: &Sides,
        seat: usize,
        keep: usize,
    ) -> Result<Decided, Error> {
        if self.takeback.is_some() {
            return Err(Error::conflict(msg!(
                "takeback-is-already-asked-for-answer"
            )));
        }
        if !sides.others_present(seat) {
            return Ok(Decided::Done);
        }
        self.takeback = Some(Takeback {
            by: seat,
            keep,
            accepted: sides.speaking_with(seat),
        });
        Ok(Decided::Waiting)
    }

    /// `seat` accepts or declines the takeback asked for; on `Done`, the number of moves to
    /// keep.
    pub fn answer_takeback(
        &mut self,
        sides: &Sides,
        seat: usize,
        accept: bool,
    ) -> Result<Option<usize>, Error> {
        let Some(takeback) = self.takeback.as_mut() else {
            return Err(Error::conflict(msg!("no-takeback-is-asked-for")));
        };
        if !accept {
            self.takeback = None;
            return Ok(None);
        }
        let mine = sides.speaking_with(seat);
        if mine.iter().all(|s| takeback.accepted.contains(s)) {
            return Err(Error::conflict(msg!("you-have-agreed-to-this-takeback")));
        }
        agree(&mut takeback.accepted, &mine);
        if sides.people().iter().all(|s| takeback.accepted.contains(s)) {
            let keep = takeback.keep;
            self.takeback = None;
            Ok(Some(keep))
        } else {
            Ok(None)
        }
    }

    /// The proposals of `self` that `after` no longer holds, ended by `seat` (by a move, when
    /// `moved`), in a change that neither ends the game nor carries the proposal out.
    pub fn lapses(&self, after: &Proposals, seat: usize, moved: bool) -> Vec<Lapse> {
        let lapse = |proposal, agreed: &[usize]| Lapse {
            proposal,
            seat,
            answer: if moved {
                "expired"
            } else if agreed.contains(&seat) {
                "withdrawn"
            } else {
                "declined"
            },
        };
        let mut lapses = Vec::new();
        if let (Some(agreed), None) = (&self.draw, &after.draw) {
            lapses.push(lapse("draw", agreed));
        }
        if let (Some(takeback), None) = (&self.takeback, &after.takeback) {
            lapses.push(lapse("takeback", &takeback.accepted));
        }
        if let (Some(agreed), None) = (&self.rematch, &after.rematch) {
            lapses.push(lapse("rematch", agreed));
        }
        lapses
    }

    /// What a move by `seat` (a person's, when `person`) clears.
    pub fn after_move(&mut self, sides: &Sides, seat: usize, person: bool) {
        if !person {
            return;
        }
        self.takeback = None;
        self.resign.clear();
        let team = sides.team(seat);
        let declines = self
            .draw
            .as_ref()
            .is_some_and(|agreed| sides.people_of(team).iter().any(|s| !agreed.contains(s)));
        if declines {
            self.draw = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(kinds: &[SeatKind]) -> Vec<StoredSeat> {
        kinds
            .iter()
            .map(|&kind| match kind {
                SeatKind::Computer => StoredSeat::computer(1),
                SeatKind::Invite => StoredSeat::person(SeatKind::Invite, None),
                SeatKind::Local => StoredSeat::person(SeatKind::Local, None),
            })
            .collect()
    }

    use SeatKind::{Computer, Invite, Local};

    #[test]
    fn a_draw_needs_every_side() {
        let stored = seats(&[Local, Invite]);
        let sides = Sides::new(&stored, vec![0, 1]);
        let mut p = Proposals::default();
        assert_eq!(p.draw(&sides, 0, Answer::Offer).unwrap(), Decided::Waiting);
        assert!(p.draw(&sides, 0, Answer::Accept).is_err(), "not twice");
        assert_eq!(p.draw(&sides, 1, Answer::Accept).unwrap(), Decided::Done);
        assert_eq!(p.draw, None);
        assert!(p.draw(&sides, 1, Answer::Accept).is_err(), "no offer left");
        // An offer on top of the other side's offer accepts it.
        p.draw(&sides, 1, Answer::Offer).unwrap();
        assert_eq!(p.draw(&sides, 0, Answer::Offer).unwrap(), Decided::Done);
        // At one screen, the screen agrees for both sides.
        let screen = seats(&[Local, Local]);
        let sides = Sides::new(&screen, vec![0, 1]);
        assert_eq!(p.draw(&sides, 1, Answer::Offer).unwrap(), Decided::Done);
        // Against the computer there is nobody to agree.
        let computer = seats(&[Local, Computer]);
        let sides = Sides::new(&computer, vec![0, 1]);
        assert!(p.draw(&sides, 0, Answer::Offer).is_err());
    }

    #[test]
    fn in_teams_every_person_of_every_side_agrees() {
        // Karl's Race for four: seats 0 and 2 against 1 and 3.
        let stored = seats(&[Invite, Invite, Local, Computer]);
        let sides = Sides::new(&stored, vec![0, 1, 0, 1]);
        let mut p = Proposals::default();
        p.draw(&sides, 0, Answer::Offer).unwrap();
        assert_eq!(p.draw(&sides, 1, Answer::Accept).unwrap(), Decided::Waiting);
        assert_eq!(p.draw(&sides, 2, Answer::Accept).unwrap(), Decided::Done);
        assert_eq!(p.resign(&sides, 0), Decided::Waiting);
        assert_eq!(
            p.resign,
            vec![Resignation {
                team: 0,
                seats: vec![0]
            }]
        );
        assert_eq!(p.resign(&sides, 2), Decided::Done);
        assert_eq!(
            p.resign(&sides, 1),
            Decided::Done,
            "seat 1's partner is the computer"
        );
    }

    #[test]
    fn a_takeback_waits_for_every_other_person() {
        // The case: invite, invite, computer, computer.
        let stored = seats(&[Invite, Invite, Computer, Computer]);
        let sides = Sides::new(&stored, vec![0, 1, 0, 1]);
        let mut p = Proposals::default();
        assert_eq!(p.request_takeback(&sides, 0, 3).unwrap(), Decided::Waiting);
        assert!(p.request_takeback(&sides, 1, 4).is_err(), "one at a time");
        assert!(
            p.answer_takeback(&sides, 0, true).is_err(),
            "the asker agreed already"
        );
        assert_eq!(p.answer_takeback(&sides, 1, true).unwrap(), Some(3));
        // Declined: nothing happens.
        p.request_takeback(&sides, 0, 3).unwrap();
        assert_eq!(p.answer_takeback(&sides, 1, false).unwrap(), None);
        assert_eq!(p.takeback, None);
        // Alone with the computer, or at one screen: at once.
        let alone = seats(&[Local, Computer]);
        let sides = Sides::new(&alone, vec![0, 1]);
        assert_eq!(p.request_takeback(&sides, 0, 0).unwrap(), Decided::Done);
        let screen = seats(&[Local, Local]);
        let sides = Sides::new(&screen, vec![0, 1]);
        assert!(!sides.others_present(1));
    }

    #[test]
    fn moves_clear_what_they_answer() {
        let stored = seats(&[Local, Invite]);
        let sides = Sides::new(&stored, vec![0, 1]);
        let mut p = Proposals::default();
        p.draw(&sides, 0, Answer::Offer).unwrap();
        p.request_takeback(&sides, 0, 0).unwrap();
        // The offering side moves: the draw offer stands; the takeback is gone.
        p.after_move(&sides, 0, true);
        assert_eq!(p.draw, Some(vec![0]));
        assert_eq!(p.takeback, None);
        // The computer's moves clear nothing.
        p.request_takeback(&sides, 0, 0).unwrap();
        p.after_move(&sides, 1, false);
        assert!(p.takeback.is_some());
        // The other side moves instead of answering: declined.
        let before = p.clone();
        p.after_move(&sides, 1, true);
        assert_eq!(p, Proposals::default());
        let expired = |proposal| Lapse {
            proposal,
            seat: 1,
            answer: "expired",
        };
        assert_eq!(
            before.lapses(&p, 1, true),
            vec![expired("draw"), expired("takeback")]
        );
    }

    #[test]
    fn a_lapse_says_who_ended_the_proposal_and_how() {
        let stored = seats(&[Local, Invite]);
        let sides = Sides::new(&stored, vec![0, 1]);
        let mut p = Proposals::default();
        p.draw(&sides, 0, Answer::Offer).unwrap();
        let offered = p.clone();
        p.draw(&sides, 1, Answer::Decline).unwrap();
        let [declined] = offered.lapses(&p, 1, false)[..] else {
            panic!("one lapse")
        };
        assert_eq!((declined.proposal, declined.answer), ("draw", "declined"));
        assert_eq!(offered.lapses(&p, 0, false)[0].answer, "withdrawn");
        assert_eq!(offered.lapses(&offered, 1, false), vec![], "still open");
    }
}
