//! The rematch of a finished game, offered and answered as on lichess.
//!
//! - **An offer.** Once a game is over, a player offers a rematch; the other people who hold
//!   seats in it (at one screen: the screen, one voice) each accept or decline. An offer made
//!   while another's stands accepts it. The rematch is made, its clocks started, only when
//!   every seated person has agreed; against the computer or at one screen, nobody else is
//!   asked, so it is made at once.
//! - **What ends an offer.** A decline by anyone asked, the offerer's cancel (a decline by a
//!   seat that agreed), or a player leaving the game's page (the last page of a seat closed):
//!   the offer goes and everyone is told how ([`Lapse`](crate::domain::consent::Lapse)).
//!   Nothing is stored of the rematch before it is accepted.

use crate::domain::consent::{Answer, Decided, Proposals, Sides};
use crate::domain::error::Error;
use crate::msg;

impl Proposals {
    /// `seat`'s answer to a rematch of the finished game: an offer (which accepts one already
    /// made), an acceptance, or a decline (by the offerer, a cancel). `Done` when every seated
    /// person has agreed: the rematch is to be made.
    pub fn rematch(
        &mut self,
        sides: &Sides,
        seat: usize,
        answer: Answer,
    ) -> Result<Decided, Error> {
        let mine = sides.speaking_with(seat);
        match (&mut self.rematch, answer) {
            (None, Answer::Decline) => {
                return Err(Error::conflict(msg!(
                    "there-is-no-rematch-offer-to-decline"
                )))
            }
            (Some(_), Answer::Decline) => {
                self.rematch = None;
                return Ok(Decided::Waiting);
            }
            (None, Answer::Accept) => {
                return Err(Error::conflict(msg!("there-is-no-rematch-offer-to-accept")))
            }
            (Some(agreed), _) if mine.iter().all(|s| agreed.contains(s)) => {
                return Err(Error::conflict(msg!("you-have-offered-a-rematch")))
            }
            (Some(agreed), _) => {
                for s in mine {
                    if !agreed.contains(&s) {
                        agreed.push(s);
                    }
                }
                agreed.sort_unstable();
            }
            (None, _) => self.rematch = Some(mine),
        }
        let agreed = self.rematch.as_ref().expect("a rematch offer stands");
        if sides.seated().iter().all(|s| agreed.contains(s)) {
            self.rematch = None;
            Ok(Decided::Done)
        } else {
            Ok(Decided::Waiting)
        }
    }

    /// The person of `seat` left the game's page: a rematch offer, theirs or to them, goes.
    /// Whether one did.
    pub fn rematch_left(&mut self, sides: &Sides, seat: usize) -> bool {
        let asked = sides.seated().contains(&seat);
        asked && self.rematch.take().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::seat::{SeatKind, StoredSeat};

    fn two_people() -> Vec<StoredSeat> {
        let mut guest = StoredSeat::person(SeatKind::Invite, None);
        guest.joined = true;
        vec![StoredSeat::person(SeatKind::Local, None), guest]
    }

    #[test]
    fn a_rematch_is_made_when_the_other_accepts() {
        let seats = two_people();
        let sides = Sides::new(&seats, vec![0, 1]);
        let mut p = Proposals::default();
        assert_eq!(
            p.rematch(&sides, 0, Answer::Offer).unwrap(),
            Decided::Waiting
        );
        assert_eq!(p.rematch, Some(vec![0]));
        assert!(p.rematch(&sides, 0, Answer::Offer).is_err(), "not twice");
        assert!(
            p.rematch(&sides, 0, Answer::Accept).is_err(),
            "not one's own"
        );
        assert_eq!(p.rematch(&sides, 1, Answer::Accept).unwrap(), Decided::Done);
        assert_eq!(p.rematch, None);
        // Offers crossing: the second accepts the first.
        p.rematch(&sides, 1, Answer::Offer).unwrap();
        assert_eq!(p.rematch(&sides, 0, Answer::Offer).unwrap(), Decided::Done);
    }

    #[test]
    fn declined_cancelled_or_left_the_offer_goes_and_says_how() {
        let seats = two_people();
        let sides = Sides::new(&seats, vec![0, 1]);
        let mut p = Proposals::default();
        assert!(
            p.rematch(&sides, 1, Answer::Decline).is_err(),
            "nothing to decline"
        );
        assert!(
            p.rematch(&sides, 1, Answer::Accept).is_err(),
            "nothing to accept"
        );
        p.rematch(&sides, 0, Answer::Offer).unwrap();
        let offered = p.clone();
        assert_eq!(
            p.rematch(&sides, 1, Answer::Decline).unwrap(),
            Decided::Waiting
        );
        assert_eq!(p.rematch, None);
        let [declined] = offered.lapses(&p, 1, false)[..] else {
            panic!("one lapse")
        };
        assert_eq!(
            (declined.proposal, declined.answer),
            ("rematch", "declined")
        );
        assert_eq!(offered.lapses(&p, 0, false)[0].answer, "withdrawn");
        // Leaving takes the offer away; a spectator's seat number asks nothing.
        let mut p = offered.clone();
        assert!(p.rematch_left(&sides, 1));
        assert!(!p.rematch_left(&sides, 1), "gone already");
        let mut p = offered;
        assert!(!p.rematch_left(&sides, 5));
    }

    #[test]
    fn against_the_computer_or_at_one_screen_it_is_made_at_once() {
        let computer = vec![
            StoredSeat::person(SeatKind::Local, None),
            StoredSeat::computer(1),
        ];
        let sides = Sides::new(&computer, vec![0, 1]);
        let mut p = Proposals::default();
        assert_eq!(p.rematch(&sides, 0, Answer::Offer).unwrap(), Decided::Done);
        let screen = vec![
            StoredSeat::person(SeatKind::Local, None),
            StoredSeat::person(SeatKind::Local, None),
        ];
        let sides = Sides::new(&screen, vec![0, 1]);
        assert_eq!(p.rematch(&sides, 1, Answer::Offer).unwrap(), Decided::Done);
        // An invitation nobody took asks nobody.
        let open = vec![
            StoredSeat::person(SeatKind::Local, None),
            StoredSeat::invited(),
        ];
        let sides = Sides::new(&open, vec![0, 1]);
        assert_eq!(p.rematch(&sides, 0, Answer::Offer).unwrap(), Decided::Done);
    }
}
