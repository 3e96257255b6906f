//! Fair dice: the server's chance outcomes (Karl's Race's and EinStein's die) drawn from a
//! secret seed of the game and the moves played before the roll, so that nobody can foresee a
//! roll or fish for a better one.
//!
//! Each game has a seed of 128 random bits, made at creation, kept in the store and never sent
//! to anyone. The outcome after the moves `played` (every move and outcome so far) comes from
//! a ChaCha8 stream whose key is the SHA-256 digest of the seed and those moves, sampled by the
//! outcomes' probabilities. So:
//!
//! - the same moves lead to the same roll: taking a move back and playing it again brings the
//!   roll that came before, and a player cannot fish for a better roll by taking back;
//! - another move leads to another, unforeseeable roll: rolls seen after one move (the
//!   computer's reply and one's own next roll, say) tell nothing about the rolls after
//!   another, so a takeback cannot be used to look ahead;
//! - without the seed no roll can be foreseen (ChaCha is a cipher, SHA-256 a one-way hash).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

use crate::domain::error::Error;
use crate::msg;

/// A game's secret dice seed.
#[derive(Clone, PartialEq, Eq)]
pub struct Dice {
    seed: [u8; 16],
}

impl std::fmt::Debug for Dice {
    /// Never prints the secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Dice(secret)")
    }
}

impl Dice {
    /// A fresh random seed.
    pub fn new() -> Dice {
        Dice {
            seed: rand::random(),
        }
    }

    /// The seed as stored: 32 hexadecimal digits.
    pub fn to_hex(&self) -> String {
        self.seed.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The seed from its stored form.
    pub fn from_hex(text: &str) -> Result<Dice, Error> {
        let bytes = text.as_bytes();
        if bytes.len() != 32 || !bytes.iter().all(u8::is_ascii_hexdigit) {
            return Err(Error::invalid(msg!("dice-seed-is-32-hexadecimal-digits")));
        }
        let mut seed = [0u8; 16];
        for (i, byte) in seed.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16)
                .map_err(|e| Error::invalid(msg!("dice-seed-is-not-hexadecimal", e)))?;
        }
        Ok(Dice { seed })
    }

    /// The random stream for the chance outcome that follows the moves `played` (every move
    /// and chance outcome of the game before it, in notation).
    pub fn for_roll(&self, played: &[String]) -> ChaCha8Rng {
        let mut digest = Sha256::new();
        digest.update(b"tafel dice");
        digest.update(self.seed);
        digest.update((played.len() as u64).to_le_bytes());
        for mv in played {
            // Each move with its length, so that no two histories give the same bytes.
            digest.update((mv.len() as u64).to_le_bytes());
            digest.update(mv.as_bytes());
        }
        ChaCha8Rng::from_seed(digest.finalize().into())
    }
}

impl Default for Dice {
    fn default() -> Dice {
        Dice::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn the_same_moves_give_the_same_stream_and_other_moves_others() {
        let dice = Dice::new();
        let again = Dice::from_hex(&dice.to_hex()).unwrap();
        let played = moves(&["4", "A-B"]);
        assert_eq!(
            dice.for_roll(&played).next_u64(),
            again.for_roll(&played).next_u64()
        );
        for other in [
            moves(&["4", "A-C"]),
            moves(&["4"]),
            moves(&["4", "A-B", ""]),
        ] {
            assert_ne!(
                dice.for_roll(&played).next_u64(),
                dice.for_roll(&other).next_u64(),
                "{other:?}"
            );
        }
        // Moves run together differently are other histories.
        assert_ne!(
            dice.for_roll(&moves(&["ab", "c"])).next_u64(),
            dice.for_roll(&moves(&["a", "bc"])).next_u64()
        );
        assert_ne!(
            dice.for_roll(&played).next_u64(),
            Dice::new().for_roll(&played).next_u64()
        );
        assert_eq!(format!("{dice:?}"), "Dice(secret)");
    }

    #[test]
    fn stored_seeds_are_checked() {
        assert!(Dice::from_hex("00").is_err());
        assert!(Dice::from_hex(&"g".repeat(32)).is_err());
        assert!(Dice::from_hex(&"ab".repeat(16)).is_ok());
    }
}
