//! Start arrangements: the six cubes' numbers on a home triangle's squares in reading order,
//! written as six digits (`123456`), and numbered 0 to 719 in the dictionary order of those
//! digits, as OpenSpiel numbers its arrangement draws.

use tafel_core::{reason, Reason};

use super::board::CUBES;

/// How many arrangements there are: 6!.
pub const ARRANGEMENTS: usize = 720;

/// Every arrangement, in dictionary order: `PERMUTATIONS[i]` is arrangement `i`'s numbers on
/// the triangle's squares in reading order.
pub const PERMUTATIONS: [[u8; CUBES]; ARRANGEMENTS] = {
    let mut all = [[0; CUBES]; ARRANGEMENTS];
    let mut current = [1, 2, 3, 4, 5, 6];
    let mut index = 0;
    loop {
        all[index] = current;
        index += 1;
        if index == ARRANGEMENTS {
            break;
        }
        current = next_permutation(current);
    }
    all
};

/// The next arrangement in dictionary order (the last one's successor is not asked for).
const fn next_permutation(mut digits: [u8; CUBES]) -> [u8; CUBES] {
    // The longest falling tail; the digit before it is swapped with the smallest larger
    // digit of the tail, and the tail is reversed.
    let mut pivot = CUBES - 1;
    while pivot > 0 && digits[pivot - 1] > digits[pivot] {
        pivot -= 1;
    }
    let before = pivot - 1;
    let mut swap = CUBES - 1;
    while digits[swap] < digits[before] {
        swap -= 1;
    }
    let held = digits[before];
    digits[before] = digits[swap];
    digits[swap] = held;
    let (mut low, mut high) = (pivot, CUBES - 1);
    while low < high {
        let held = digits[low];
        digits[low] = digits[high];
        digits[high] = held;
        low += 1;
        high -= 1;
    }
    digits
}

/// The number of the arrangement `digits` (a permutation of 1 to 6), in dictionary order.
pub fn rank(digits: [u8; CUBES]) -> u16 {
    let mut rank = 0usize;
    for i in 0..CUBES {
        let smaller_later = digits[i + 1..].iter().filter(|&&d| d < digits[i]).count();
        rank = rank * (CUBES - i) + smaller_later;
    }
    rank as u16
}

/// The six digits of arrangement `index`.
pub fn digits(index: u16) -> [u8; CUBES] {
    PERMUTATIONS[index as usize]
}

/// The arrangement's text: its six digits (`614325`).
pub fn text(index: u16) -> String {
    digits(index).iter().map(|d| char::from(b'0' + d)).collect()
}

/// Reads six digits that use each number 1 to 6 once; `Err` says what is wrong.
pub fn parse(text: &str) -> Result<u16, Reason> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != CUBES || !chars.iter().all(|c| c.is_ascii_digit()) {
        return Err(reason!(
            "einstein-arrangement",
            "an arrangement is six digits, the cubes' numbers in reading order"
        ));
    }
    let mut digits = [0u8; CUBES];
    let mut seen = 0u8;
    for (i, &c) in chars.iter().enumerate() {
        let d = c as u8 - b'0';
        if !(1..=CUBES as u8).contains(&d) {
            return Err(reason!(
                "einstein-arrangement-number",
                "`{c}` is not a cube's number (1 to 6)",
                c
            ));
        }
        if seen & 1 << d != 0 {
            return Err(reason!(
                "einstein-arrangement-twice",
                "cube {d} appears twice",
                d
            ));
        }
        seen |= 1 << d;
        digits[i] = d;
    }
    Ok(rank(digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangements_are_numbered_in_dictionary_order() {
        assert_eq!(text(0), "123456");
        assert_eq!(text(1), "123465");
        assert_eq!(text(719), "654321");
        for index in 0..ARRANGEMENTS as u16 {
            assert_eq!(rank(digits(index)), index);
            assert_eq!(parse(&text(index)), Ok(index));
            if index > 0 {
                assert!(text(index - 1) < text(index));
            }
        }
        assert!(parse("12345").is_err());
        assert!(parse("123457").unwrap_err().to_string().contains("`7`"));
        assert!(parse("123451")
            .unwrap_err()
            .to_string()
            .contains("cube 1 appears twice"));
    }
}
