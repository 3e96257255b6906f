//! Random playouts specialised to EinStein, the game's [`Game::random_playout`]: a race on a
//! copy of the board with everything a turn needs in small tables built at compile time, few
//! look-ups in a row from one turn to the next, and no branch a random game could make the
//! processor guess wrong.
//!
//! Each two turns draw one random `u64`, 32 bits a turn: their high half rolls the die and
//! their low half picks the step among the legal ones, both exactly uniform ([`below`]); a
//! start arrangement, drawn or chosen, is a uniform pick among the 720, both drawn from one
//! `u64`. It plays the same random game as the generic loop
//! ([`tafel_core::playout::generic_random_playout`]), uniform legal steps and a fair die,
//! from other random numbers: the tests compare the two loops' games statistically, replay
//! the loop's games move by move through the rules with the same random numbers, and check
//! the final position against the rules.
//!
//! In the loop a cube is a *bit*, `seat * 6 + number - 1`: the board holds each cube's bit
//! plus one, as [`State`]'s board does (0 on an empty square), so that the board is copied
//! back whole when the game ends. Bit [`NO_CUBE`] is "no cube":
//! it stands [`NOWHERE`] (25), with no steps, so a turn with one movable cube takes the same
//! path as a turn with two, and a step onto an empty square the same as a capture. The steps
//! of the two cubes a roll lets move come from one look-up by their two squares ([`PAIRS`]),
//! and a start arrangement is copied whole from a table ([`ARRANGED`]).
//!
//! A capture is not a branch: a random game captures on about one ply in seven, which no
//! predictor can guess, and a wrong guess decided at the end of a turn's look-ups cost more
//! than a third of the loop's time. The taken cube leaves the set of cubes on the board by
//! arithmetic, and the movers are looked up in a set that lags behind the captures
//! ([`Race::turn`]), so that the next turns do not wait for the board either.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::{Outcome, Player};

use super::arrangement::{ARRANGEMENTS, PERMUTATIONS};
use super::board::{self, HOME, TARGET};
use super::settings::Start;
use super::{movable_numbers, Einstein, Square, State, CUBES, NOWHERE, SQUARES};
use crate::chance::below;

/// The loop's board: the squares, [`NOWHERE`], and padding to a power of two, so that a
/// square masked to five bits is always a place on it (the hash keys are padded to it too).
pub(super) const PLACES: usize = 32;

/// The cube bits of the loop, a power of two: the twelve cubes and [`NO_CUBE`].
const BITS: usize = 16;

/// The bit that stands for "no cube" in [`MOVERS`]: it stands [`NOWHERE`].
const NO_CUBE: u8 = 15;

/// The cube bits of the numbers `numbers` of one seat.
const SEAT_NUMBERS: u16 = (1 << CUBES) - 1;

/// The bits of a [`PAIRS`] entry below its count: six steps of a byte each.
const COUNT_SHIFT: u32 = 56;

/// The bit of a [`PAIRS`] step that says the second cube takes it.
const SECOND: usize = 1 << 5;

/// `PAIRS[seat][first * 32 + second]`: the steps of two cubes of `seat` on the squares
/// `first` and `second` (either may be [`NOWHERE`], which has none), packed in a `u64`: a
/// byte each from the lowest, the first cube's steps in listing order, then the second's, each
/// the square it reaches and [`SECOND`] for the second cube's, and their number in the top
/// byte (from [`COUNT_SHIFT`]). A turn picks its step among the two cubes a roll lets move
/// with one look-up, and finds it with a shift by whole bytes.
const PAIRS: [[u64; PLACES * PLACES]; 2] = {
    let mut table = [[0; PLACES * PLACES]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut pair = 0;
        while pair < PLACES * PLACES {
            let (mut packed, mut count) = (0u64, 0);
            let mut cube = 0;
            while cube < 2 {
                let from = if cube == 0 {
                    pair / PLACES
                } else {
                    pair % PLACES
                };
                let mut direction = 0;
                while from < SQUARES && direction < 3 {
                    let step = board::step(from as Square, board::DIRECTIONS[seat][direction]);
                    if let Some(to) = step {
                        let entry = to as u64 | if cube == 1 { SECOND as u64 } else { 0 };
                        packed |= entry << (8 * count);
                        count += 1;
                    }
                    direction += 1;
                }
                cube += 1;
            }
            table[seat][pair] = packed | (count as u64) << COUNT_SHIFT;
            pair += 1;
        }
        seat += 1;
    }
    table
};

/// `MOVERS[seat][die - 1][numbers]`: the cubes a roll lets `seat` move when it still has the
/// `numbers` (bit `n - 1` for cube `n`), packed in a [`Movers`].
const MOVERS: [[[Movers; 1 << CUBES]; CUBES]; 2] = {
    let mut table = [[[Movers(0); 1 << CUBES]; CUBES]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut die = 1;
        while die <= CUBES {
            let mut numbers = 0;
            while numbers < 1 << CUBES {
                let movable = movable_numbers(die, numbers as u8);
                let (mut bits, mut count, mut n) = ([NO_CUBE; 2], 0, 0);
                while n < CUBES {
                    if movable & 1 << n != 0 {
                        bits[count] = (seat * CUBES + n) as u8;
                        count += 1;
                    }
                    n += 1;
                }
                let mask = (movable as u32) << (CUBES * seat);
                table[seat][die - 1][numbers] =
                    Movers(bits[0] as u32 | (bits[1] as u32) << 8 | mask << 16);
                numbers += 1;
            }
            die += 1;
        }
        seat += 1;
    }
    table
};

/// The cubes a roll lets a seat move, from [`MOVERS`]: the cube bit of the lower number in
/// the lowest byte, of the higher in the next ([`NO_CUBE`] when the roll names one cube), and
/// from bit 16 on both cubes' bits as [`Race::present`] has them.
#[derive(Clone, Copy)]
struct Movers(u32);

impl Movers {
    /// The two cubes' bits, the lower number first.
    #[inline(always)]
    fn bits(self) -> [u8; 2] {
        [self.0 as u8, (self.0 >> 8) as u8]
    }

    /// Whether a cube of the two is missing from `present`.
    #[inline(always)]
    fn taken_from(self, present: u16) -> bool {
        (self.0 >> 16) as u16 & !present != 0
    }
}

/// `ARRANGED[seat][index]`: after `seat`'s arrangement `index`, the square of each of its
/// cubes by number (`[n - 1]`) and the board's entry (cube bit plus one) on each of its home
/// squares (`HOME[seat][i]`), so that an arrangement is a few copies.
static ARRANGED: [[([u8; CUBES], [u8; CUBES]); ARRANGEMENTS]; 2] = {
    let mut table = [[([0; CUBES], [0; CUBES]); ARRANGEMENTS]; 2];
    let mut seat = 0;
    while seat < 2 {
        let mut index = 0;
        while index < ARRANGEMENTS {
            let mut i = 0;
            while i < CUBES {
                let number = PERMUTATIONS[index][i] as usize;
                let square = HOME[seat][i] as usize;
                table[seat][index].0[number - 1] = square as u8;
                table[seat][index].1[i] = (seat * CUBES + number) as u8;
                i += 1;
            }
            index += 1;
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
    /// The cube on each square, its bit plus one (0 for none), as [`State`]'s board has it;
    /// the padding is never read.
    board: [u8; PLACES],
    /// Each cube's square, by its bit: [`NOWHERE`] for [`NO_CUBE`] and a cube taken before the
    /// loop; a cube taken in the loop keeps its last square (it is known taken by `present`).
    square: [u8; BITS],
    /// The cubes on the board, a bit each: seat 0's numbers in bits 0 to 5, seat 1's in bits
    /// 6 to 11.
    present: u16,
    /// The seat to move (kept up to date between the loop's turns, not in them).
    seat: usize,
}

impl Race {
    #[inline(always)]
    fn new(state: &State) -> Self {
        let mut race = Race {
            board: [0; PLACES],
            square: [NOWHERE; BITS],
            present: u16::from(state.present[0]) | u16::from(state.present[1]) << CUBES,
            seat: state.to_move as usize,
        };
        // (Before the arrangements, nothing to place.)
        for seat in (0..2).filter(|&seat| state.present[seat] != 0) {
            for (number, &square) in state.squares[seat].iter().enumerate() {
                race.place(seat * CUBES + number, square as usize);
            }
        }
        race
    }

    /// Puts the cube `bit` on `square` (which may be [`NOWHERE`]).
    #[inline(always)]
    fn place(&mut self, bit: usize, square: usize) {
        self.board[square % PLACES] = bit as u8 + 1;
        self.square[bit % BITS] = square as u8;
    }

    /// Places `seat`'s cubes by arrangement `index`.
    #[inline(always)]
    fn arrange(&mut self, seat: usize, index: usize) {
        if seat == 0 {
            self.arrange_seat::<0>(index);
        } else {
            self.arrange_seat::<1>(index);
        }
    }

    /// Places `SEAT`'s cubes by arrangement `index` from [`ARRANGED`] (a constant seat, so
    /// that the home squares are known at compile time).
    #[inline(always)]
    fn arrange_seat<const SEAT: usize>(&mut self, index: usize) {
        let (squares, bits) = &ARRANGED[SEAT][index % ARRANGEMENTS];
        self.square[SEAT * CUBES..SEAT * CUBES + CUBES].copy_from_slice(squares);
        for (&square, &bit) in HOME[SEAT].iter().zip(bits) {
            self.board[usize::from(square)] = bit;
        }
        self.present |= SEAT_NUMBERS << (CUBES * SEAT);
    }

    /// Plays a turn of `SEAT` with the die showing `die_index + 1`, its step picked by the
    /// random bits `pick`; returns whether the step won the game. (The seat is a constant so
    /// that its tables and target are found at compile time; the sets of cubes `known` and
    /// `present` are the loop's locals, so that they stay in registers.)
    ///
    /// A capture updates `present` without a branch, and the movers are looked up by
    /// `known`, the cubes as the seat last looked them up, which lags behind the captures: a
    /// turn does not wait for the board of the turn before, and no branch depends on whether
    /// a step captured, which no predictor could guess. Only a roll whose movers include a
    /// cube taken since is looked up again (a branch decided early, as soon as the roll is
    /// known); movers that are all on the board are the same in either set (the cubes taken
    /// since are neither the die's number nor the nearest ones to it).
    #[inline(always)]
    fn turn<const SEAT: usize, R: Rng + ?Sized>(
        &mut self,
        known: &mut u16,
        present: &mut u16,
        die_index: usize,
        pick: u16,
        rng: &mut R,
    ) -> bool {
        let mut movers = MOVERS[SEAT][die_index][numbers(*known, SEAT)];
        if movers.taken_from(*present) {
            *known = *present;
            movers = MOVERS[SEAT][die_index][numbers(*known, SEAT)];
        }
        let [first, second] = movers.bits();
        let from_first = usize::from(self.square[usize::from(first) % BITS]) % PLACES;
        let from_second = usize::from(self.square[usize::from(second) % BITS]) % PLACES;
        let steps = PAIRS[SEAT][from_first * PLACES + from_second];
        let choice = below(pick, (steps >> COUNT_SHIFT) as u16, rng);
        let step = usize::from((steps >> (8 * u32::from(choice))) as u8);
        let to = step % PLACES;
        let (bit, from) = if step & SECOND != 0 {
            (second, from_second)
        } else {
            (first, from_first)
        };
        let taken = self.board[to];
        self.board[from] = 0;
        self.board[to] = bit + 1;
        self.square[usize::from(bit) % BITS] = to as u8;
        // The taken cube's bit (none for 0), cleared by arithmetic; its square is left as it
        // was (it is never looked up again, and `write` puts it NOWHERE).
        *present &= !((1 << (taken % 16)) >> 1);
        (numbers(*present, 1 - SEAT) == 0) | (to == usize::from(TARGET[SEAT]))
    }

    /// Rolls the die for `SEAT` and plays its turn from the 32 random bits `bits`; returns
    /// whether the step won the game.
    #[inline(always)]
    fn roll_and_turn<const SEAT: usize, R: Rng + ?Sized>(
        &mut self,
        known: &mut u16,
        present: &mut u16,
        bits: u32,
        rng: &mut R,
    ) -> bool {
        let die_index = below((bits >> 16) as u16, CUBES as u16, rng) as usize;
        self.turn::<SEAT, R>(known, present, die_index, bits as u16, rng)
    }

    /// Plays the turn of the seat to move, whose die shows `die`; returns whether the step
    /// won the game, and hands the turn on.
    #[inline(always)]
    fn rolled_turn<R: Rng + ?Sized>(&mut self, die: u8, rng: &mut R) -> bool {
        let pick = rng.next_u32() as u16;
        let seat = self.seat;
        self.seat = 1 - seat;
        let (mut known, mut present) = (self.present, self.present);
        let won = if seat == 0 {
            self.turn::<0, R>(&mut known, &mut present, die as usize - 1, pick, rng)
        } else {
            self.turn::<1, R>(&mut known, &mut present, die as usize - 1, pick, rng)
        };
        self.present = present;
        won
    }

    /// Plays turns, the die rolled for each, until the game ends; returns how many. The
    /// seats' turns alternate in the loop, so each is played with its own constants; the
    /// seat to move is then the loser.
    #[inline(always)]
    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let (mut known, mut present) = (self.present, self.present);
        let mut plies = 1;
        let loser = 'game: {
            if self.seat == 1 {
                if self.roll_and_turn::<1, R>(&mut known, &mut present, rng.next_u32(), rng) {
                    break 'game 0;
                }
                plies += 1;
            }
            loop {
                let bits = rng.next_u64();
                if self.roll_and_turn::<0, R>(&mut known, &mut present, bits as u32, rng) {
                    break 'game 1;
                }
                plies += 1;
                if self.roll_and_turn::<1, R>(&mut known, &mut present, (bits >> 32) as u32, rng) {
                    break 'game 0;
                }
                plies += 1;
            }
        };
        self.present = present;
        self.seat = loser;
        plies
    }

    /// The outcome of the finished game, the seat to move the loser ([`Race::play_out`]):
    /// the winner reached its target (the reason given even where that step took the
    /// loser's last cube, as [`Einstein::winner`] gives it), or else took every cube.
    #[inline(always)]
    fn outcome(&self) -> Outcome {
        let winner = 1 - self.seat;
        let winners_cubes = SEAT_NUMBERS << (CUBES * winner);
        let on_target = (1 << self.board[usize::from(TARGET[winner])]) >> 1;
        let reason = if on_target & winners_cubes != 0 {
            super::REASON_CORNER
        } else {
            super::REASON_NO_CUBES
        };
        Outcome::win(Player(winner as u8), reason)
    }

    /// Writes the position back into `state`: the board, the cubes, the seat to move, no
    /// die, and the hash.
    #[inline(always)]
    fn write(&self, game: &Einstein, state: &mut State) {
        let mut hash = game.keys.to_move[self.seat] ^ game.keys.die[0] ^ game.keys.arranged[2];
        // Every cube (a loop of a fixed length): a cube missing from `present` is put on
        // NOWHERE, whose keys are zeros.
        let mut squares = [NOWHERE; 2 * CUBES];
        for (bit, square) in squares.iter_mut().enumerate() {
            if self.present & 1 << bit != 0 {
                *square = self.square[bit];
            }
            hash ^= game.keys.pieces[usize::from(*square) % PLACES][bit + 1];
        }
        for seat in 0..2 {
            state.squares[seat].copy_from_slice(&squares[seat * CUBES..seat * CUBES + CUBES]);
            state.present[seat] = numbers(self.present, seat) as u8;
        }
        state.board.copy_from_slice(&self.board[..SQUARES]);
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
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has_bit_instructions() {
            // SAFETY: the processor has the features the function is compiled for.
            return unsafe { self.playout_with_bit_instructions(state, rng) };
        }
        self.playout(state, rng)
    }

    /// [`Einstein::playout`] compiled for processors with BMI ([`crate::cpu`]): shifts by a
    /// register without moving the count, which the turn makes several of.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn playout_with_bit_instructions<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        self.playout(state, rng)
    }

    /// The loop of [`Einstein::random_playout_on_tables`], inlined into each compiled version.
    #[inline(always)]
    pub(super) fn playout<R: Rng + ?Sized>(
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
        let mut bits = if arranged < 2 { rng.next_u64() } else { 0 };
        while arranged < 2 {
            let seat = self.arranger(arranged).index();
            race.arrange(seat, below(bits as u16, ARRANGEMENTS as u16, rng) as usize);
            bits >>= 16;
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
                return (race.outcome(), plies);
            }
        }
        plies += race.play_out(rng);
        race.write(self, state);
        (race.outcome(), plies)
    }

    /// The outcome of the finished game `state`.
    fn outcome(&self, state: &State) -> Outcome {
        let Some((winner, reason)) = self.winner(state) else {
            unreachable!("a finished game has a winner");
        };
        Outcome::win(winner, reason)
    }
}
