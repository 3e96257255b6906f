//! Random playouts specialised to EinStein, the game's [`Game::random_playout`]: a race on a
//! copy of the board with everything a turn needs in small tables built at compile time, few
//! look-ups in a row from one turn to the next, and no branch a random game could make the
//! processor guess wrong.
//!
//! Each turn draws one random `u64`: its high half rolls the die and its low half picks the
//! step among the legal ones, both exactly uniform ([`below`]); a start arrangement, drawn or
//! chosen, is a uniform pick among the 720. It plays the same random game as the generic loop
//! ([`tafel_core::playout::generic_random_playout`]), uniform legal steps and a fair die,
//! from other random numbers: the tests compare the two loops' games statistically, and the
//! final position with the one the rules reach.
//!
//! In the loop a cube is a *bit*, `seat * 6 + number - 1`: the board holds each cube's bit as
//! a mask (0 on an empty square), so that a capture clears the taken cube from the set of
//! cubes on the board with one operation, whichever cube it was. Bit [`NO_CUBE`] is "no cube":
//! it stands [`NOWHERE`] (25), with no steps, so a turn with one movable cube takes the same
//! path as a turn with two, and a step onto an empty square the same as a capture.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::Outcome;

use super::arrangement::{ARRANGEMENTS, PERMUTATIONS};
use super::board::{self, HOME, TARGET};
use super::settings::Start;
use super::{movable_numbers, Einstein, Square, State, CUBES, NOWHERE, SQUARES};
use crate::chance::below;

/// The loop's board: the squares, [`NOWHERE`], and padding to a power of two, so that a
/// square masked to five bits is always a place on it.
const PLACES: usize = 32;

/// The cube bits of the loop, a power of two: the twelve cubes and [`NO_CUBE`].
const BITS: usize = 16;

/// The bit that stands for "no cube": what `trailing_zeros` gives for an empty square's 0 with
/// this bit set (see [`Race::turn`]).
const NO_CUBE: u8 = 15;

/// The cube bits of the numbers `numbers` of one seat.
const SEAT_NUMBERS: u16 = (1 << CUBES) - 1;

/// `REACH[seat][square]`: a cube of `seat` on `square`, packed in a `u64`: the squares its
/// steps reach in the low three bytes (in listing order), the square itself in the fourth, the
/// number of steps in the fifth. [`NOWHERE`] has no steps.
const REACH: [[u64; PLACES]; 2] = {
    let mut table = [[0; PLACES]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut from = 0;
        while from < PLACES {
            let (mut packed, mut count) = ((from as u64) << 24, 0);
            let mut direction = 0;
            while from < SQUARES && direction < 3 {
                if let Some(to) = board::step(from as Square, board::DIRECTIONS[seat][direction]) {
                    packed |= (to as u64) << (8 * count);
                    count += 1;
                }
                direction += 1;
            }
            table[seat][from] = packed | count << 32;
            from += 1;
        }
        seat += 1;
    }
    table
};

/// The [`REACH`] entry of a taken cube, and of "no cube".
const GONE: u64 = (NOWHERE as u64) << 24;

/// The square of a [`REACH`] entry.
#[inline(always)]
fn square_of(reach: u64) -> usize {
    (reach >> 24) as usize % PLACES
}

/// The number of steps of a [`REACH`] entry.
#[inline(always)]
fn steps_of(reach: u64) -> u32 {
    (reach >> 32) as u32 & 0xff
}

/// `MOVERS[seat][die - 1][numbers]`: the cube bits a roll lets `seat` move when it still has
/// the `numbers` (bit `n - 1` for cube `n`), the lower number first, the second [`NO_CUBE`]
/// when the roll names one cube.
const MOVERS: [[[[u8; 2]; 1 << CUBES]; CUBES]; 2] = {
    let mut table = [[[[NO_CUBE; 2]; 1 << CUBES]; CUBES]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut die = 1;
        while die <= CUBES {
            let mut numbers = 0;
            while numbers < 1 << CUBES {
                let movable = movable_numbers(die, numbers as u8);
                let (mut count, mut n) = (0, 0);
                while n < CUBES {
                    if movable & 1 << n != 0 {
                        table[seat][die - 1][numbers][count] = (seat * CUBES + n) as u8;
                        count += 1;
                    }
                    n += 1;
                }
                numbers += 1;
            }
            die += 1;
        }
        seat += 1;
    }
    table
};

/// The numbers `seat` has (bit `n - 1`) among the cubes `present` ([`Race::present`]).
#[inline(always)]
fn numbers(present: u16, seat: usize) -> usize {
    usize::from(present >> (CUBES * seat) & SEAT_NUMBERS)
}

/// The position as the loop keeps it.
struct Race {
    /// The bit mask of the cube on each square (0 for none); the padding is never read.
    board: [u16; PLACES],
    /// Each cube's [`REACH`] entry, by its bit: its square and steps ([`GONE`] for a taken
    /// cube and for [`NO_CUBE`]), so that a turn finds a cube's steps with one look-up.
    reach: [u64; BITS],
    /// The cubes on the board, a bit each: seat 0's numbers in bits 0 to 5, seat 1's in bits
    /// 6 to 11.
    present: u16,
    /// The seat to move (kept up to date between the loop's turns, not in them).
    seat: usize,
}

impl Race {
    fn new(state: &State) -> Self {
        let mut race = Race {
            board: [0; PLACES],
            reach: [GONE; BITS],
            present: u16::from(state.present[0]) | u16::from(state.present[1]) << CUBES,
            seat: state.to_move as usize,
        };
        // (Before the arrangements, nothing to place.)
        for seat in (0..2).filter(|&seat| state.present[seat] != 0) {
            for (number, &square) in state.squares[seat].iter().enumerate() {
                race.place(seat, seat * CUBES + number, square as usize);
            }
        }
        race
    }

    /// Puts the cube `bit` of `seat` on `square` (which may be [`NOWHERE`]).
    #[inline(always)]
    fn place(&mut self, seat: usize, bit: usize, square: usize) {
        self.board[square % PLACES] = 1 << bit;
        self.reach[bit % BITS] = REACH[seat][square % PLACES];
    }

    /// The numbers `seat` still has (bit `n - 1`).
    fn numbers(&self, seat: usize) -> usize {
        numbers(self.present, seat)
    }

    /// Places `seat`'s cubes by arrangement `index`.
    fn arrange(&mut self, seat: usize, index: usize) {
        if seat == 0 {
            self.arrange_seat::<0>(index);
        } else {
            self.arrange_seat::<1>(index);
        }
    }

    /// Places `SEAT`'s cubes by arrangement `index` (a constant seat, so that the squares
    /// and their steps are known at compile time).
    #[inline(always)]
    fn arrange_seat<const SEAT: usize>(&mut self, index: usize) {
        let numbers = &PERMUTATIONS[index];
        for (i, &square) in HOME[SEAT].iter().enumerate() {
            let bit = SEAT * CUBES + usize::from(numbers[i]) - 1;
            self.board[usize::from(square)] = 1 << bit;
            self.reach[bit % BITS] = REACH[SEAT][usize::from(square)];
        }
        self.present |= SEAT_NUMBERS << (CUBES * SEAT);
    }

    /// Plays a turn of `SEAT` with the die showing `die_index + 1`, its step picked by the
    /// random bits `pick`; returns whether the step won the game. (The seat is a constant so
    /// that its tables and target are found at compile time; the set of cubes on the board,
    /// `present`, is the loop's local, so that it stays in a register.)
    #[inline(always)]
    fn turn<const SEAT: usize, R: Rng + ?Sized>(
        &mut self,
        present: &mut u16,
        die_index: usize,
        pick: u32,
        rng: &mut R,
    ) -> bool {
        let [first, second] = MOVERS[SEAT][die_index][numbers(*present, SEAT)];
        let reach_first = self.reach[usize::from(first) % BITS];
        let reach_second = self.reach[usize::from(second) % BITS];
        let first_count = steps_of(reach_first);
        let choice = below(pick, first_count + steps_of(reach_second), rng);
        let (bit, reach, index) = if choice < first_count {
            (first, reach_first, choice)
        } else {
            (second, reach_second, choice - first_count)
        };
        let to = (reach >> (8 * index)) as usize % PLACES;
        let taken = self.board[to];
        self.board[square_of(reach)] = 0;
        self.board[to] = 1 << bit;
        self.reach[usize::from(bit) % BITS] = REACH[SEAT][to];
        // A branch rather than arithmetic on purpose: the processor guesses "no capture" and
        // starts the next turn without waiting for the board.
        if taken != 0 {
            self.reach[taken.trailing_zeros() as usize % BITS] = GONE;
            *present &= !taken;
            if numbers(*present, 1 - SEAT) == 0 {
                return true;
            }
        }
        to == usize::from(TARGET[SEAT])
    }

    /// Rolls the die for `SEAT` and plays its turn from one random `u64`; returns whether
    /// the step won the game.
    #[inline(always)]
    fn roll_and_turn<const SEAT: usize, R: Rng + ?Sized>(
        &mut self,
        present: &mut u16,
        rng: &mut R,
    ) -> bool {
        let bits = rng.next_u64();
        let die_index = below((bits >> 32) as u32, CUBES as u32, rng) as usize;
        self.turn::<SEAT, R>(present, die_index, bits as u32, rng)
    }

    /// Plays the turn of the seat to move, whose die shows `die`; returns whether the step
    /// won the game, and hands the turn on.
    fn rolled_turn<R: Rng + ?Sized>(&mut self, die: u8, rng: &mut R) -> bool {
        let pick = rng.next_u32();
        let seat = self.seat;
        self.seat = 1 - seat;
        let mut present = self.present;
        let won = if seat == 0 {
            self.turn::<0, R>(&mut present, die as usize - 1, pick, rng)
        } else {
            self.turn::<1, R>(&mut present, die as usize - 1, pick, rng)
        };
        self.present = present;
        won
    }

    /// Plays turns, the die rolled for each, until the game ends; returns how many. The
    /// seats' turns alternate in the loop, so each is played with its own constants; the
    /// seat to move is then the loser.
    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let mut present = self.present;
        let mut plies = 1;
        let loser = 'game: {
            if self.seat == 1 {
                if self.roll_and_turn::<1, R>(&mut present, rng) {
                    break 'game 0;
                }
                plies += 1;
            }
            loop {
                if self.roll_and_turn::<0, R>(&mut present, rng) {
                    break 'game 1;
                }
                plies += 1;
                if self.roll_and_turn::<1, R>(&mut present, rng) {
                    break 'game 0;
                }
                plies += 1;
            }
        };
        self.present = present;
        self.seat = loser;
        plies
    }

    /// Writes the position back into `state`: the board, the cubes, the seat to move, no
    /// die, and the hash.
    fn write(&self, game: &Einstein, state: &mut State) {
        let mut board = [0u8; SQUARES + 1];
        let mut hash = game.keys.to_move[self.seat] ^ game.keys.die[0] ^ game.keys.arranged[2];
        for seat in 0..2 {
            for number in 0..CUBES {
                let bit = seat * CUBES + number;
                let square = square_of(self.reach[bit]).min(SQUARES);
                let piece = bit + 1;
                board[square] = piece as u8;
                state.squares[seat][number] = square as Square;
                // Taken cubes add no key: the mask is 0 for them, all ones otherwise.
                let key = game.keys.pieces[square.min(SQUARES - 1)][piece];
                hash ^= key & u64::from(square != SQUARES).wrapping_neg();
            }
            state.present[seat] = self.numbers(seat) as u8;
        }
        state.board.copy_from_slice(&board[..SQUARES]);
        state.to_move = self.seat as u8;
        state.die = 0;
        state.arranged = 2;
        state.hash = hash;
    }
}

impl Einstein {
    /// Plays uniformly random moves (and fair chance) from `state` until the game ends;
    /// returns the outcome and the number of moves played (chance outcomes not counted).
    pub(super) fn random_playout_on_tables<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        if self.is_over(state) {
            return (self.outcome(state), 0);
        }
        let mut race = Race::new(state);
        let mut plies = 0;
        let mut arranged = state.arranged;
        while arranged < 2 {
            let seat = self.arranger(arranged).index();
            race.arrange(seat, rng.random_range(0..ARRANGEMENTS as u32) as usize);
            if self.settings.start == Start::Placement {
                plies += 1;
            }
            arranged += 1;
            race.seat = self.settings.first.index();
        }
        // Arranging ends no game.
        if state.die != 0 {
            plies += 1;
            if race.rolled_turn(state.die, rng) {
                race.write(self, state);
                return (self.outcome(state), plies);
            }
        }
        plies += race.play_out(rng);
        race.write(self, state);
        (self.outcome(state), plies)
    }

    /// The outcome of the finished game `state`.
    fn outcome(&self, state: &State) -> Outcome {
        let Some((winner, reason)) = self.winner(state) else {
            unreachable!("a finished game has a winner");
        };
        Outcome::win(winner, reason)
    }
}
