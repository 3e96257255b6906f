//! Fair dice: the server's chance outcomes (Karl's Race's die) drawn from a secret seed of the
//! game and the ply, so that an outcome, once drawn for a ply, is fixed.
//!
//! Each game has a seed of 128 random bits, made at creation, kept in the store and never sent
//! to anyone. The outcome at ply `n` (the number of moves and outcomes before it) comes from a
//! ChaCha8 stream keyed by the seed and `n`, sampled by the outcomes' probabilities. Taking a
//! move back and playing it again reaches the same ply, so the same roll comes: a player
//! cannot fish for a better roll with takebacks. Without the seed the next roll cannot be
//! foreseen (ChaCha is a cipher).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::domain::error::Error;

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
            return Err(Error::invalid("a dice seed is 32 hexadecimal digits"));
        }
        let mut seed = [0u8; 16];
        for (i, byte) in seed.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|e| {
                Error::invalid(format!("a dice seed is 32 hexadecimal digits: {e}"))
            })?;
        }
        Ok(Dice { seed })
    }

    /// The random stream for the chance outcome at ply `ply`.
    pub fn for_ply(&self, ply: usize) -> ChaCha8Rng {
        let mut key = [0u8; 32];
        key[..16].copy_from_slice(&self.seed);
        key[16..24].copy_from_slice(&(ply as u64).to_le_bytes());
        key[24..].copy_from_slice(b"tafeldie");
        ChaCha8Rng::from_seed(key)
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

    #[test]
    fn the_same_ply_gives_the_same_stream_and_other_plies_others() {
        let dice = Dice::new();
        let again = Dice::from_hex(&dice.to_hex()).unwrap();
        assert_eq!(dice.for_ply(7).next_u64(), again.for_ply(7).next_u64());
        assert_ne!(dice.for_ply(7).next_u64(), dice.for_ply(8).next_u64());
        assert_ne!(
            dice.for_ply(7).next_u64(),
            Dice::new().for_ply(7).next_u64()
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
