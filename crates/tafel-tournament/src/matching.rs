//! Maximum-weight matching on a general (non-bipartite) graph, the engine under the Swiss and
//! Arena pairings: every pairing system here states its wishes as a weight per candidate pair,
//! and the matching of greatest total weight is the pairing.
//!
//! The blossom algorithm itself is the crate `integer-blossom` (Edmonds' primal–dual algorithm,
//! O(n³), exact integer weights up to `i128`); this module gives it the shape the pairing systems
//! need (a weight function with absent edges, a cap on the weights it accepts) and checks it
//! against brute force in its tests.

/// The largest edge weight [`max_weight_matching`] accepts. The solver doubles dual variables
/// and keeps `i128::MAX / 4` as its infinity, so weights stay well below an eighth of it.
pub const MAX_WEIGHT: i128 = 1 << 120;

/// The maximum-weight matching of the graph on `vertices` vertices whose edge between `i` and
/// `j` (`i < j`) weighs `weight(i, j)`, or is absent when it returns `None`. Returns each
/// vertex's partner, `None` for a vertex left unmatched.
///
/// Weights must be positive and at most [`MAX_WEIGHT`]; callers build them so, and a weight
/// outside that range is a caller's bug (debug builds assert it).
pub fn max_weight_matching(
    vertices: usize,
    mut weight: impl FnMut(usize, usize) -> Option<i128>,
) -> Vec<Option<usize>> {
    let mut matrix = vec![0i128; vertices * vertices];
    for i in 0..vertices {
        for j in i + 1..vertices {
            if let Some(w) = weight(i, j) {
                debug_assert!(w > 0 && w <= MAX_WEIGHT, "edge {i}-{j} weighs {w}");
                matrix[i * vertices + j] = w;
            }
        }
    }
    integer_blossom::max_weight_matching(&matrix, vertices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The best total weight over every matching of the graph, by trying them all.
    fn brute_force_best(vertices: usize, weights: &[Option<i128>]) -> i128 {
        fn best(free: &mut Vec<bool>, vertices: usize, weights: &[Option<i128>]) -> i128 {
            let Some(i) = (0..vertices).find(|&i| free[i]) else {
                return 0;
            };
            free[i] = false;
            // Either `i` stays unmatched, or it is matched to a later free vertex.
            let mut result = best(free, vertices, weights);
            for j in i + 1..vertices {
                if let (true, Some(w)) = (free[j], weights[i * vertices + j]) {
                    free[j] = false;
                    result = result.max(w + best(free, vertices, weights));
                    free[j] = true;
                }
            }
            free[i] = true;
            result
        }
        best(&mut vec![true; vertices], vertices, weights)
    }

    fn graphs() -> impl Strategy<Value = (usize, Vec<Option<i128>>)> {
        (0usize..=9).prop_flat_map(|vertices| {
            let weight = prop_oneof![Just(None), (1i128..=40).prop_map(Some)];
            (
                Just(vertices),
                proptest::collection::vec(weight, vertices * vertices),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn matches_brute_force_on_small_graphs((vertices, weights) in graphs()) {
            let mate = max_weight_matching(vertices, |i, j| weights[i * vertices + j]);
            let mut total = 0;
            for (i, partner) in mate.iter().enumerate() {
                if let Some(j) = *partner {
                    prop_assert_eq!(mate[j], Some(i), "the matching is symmetric");
                    if i < j {
                        let w = weights[i * vertices + j];
                        prop_assert!(w.is_some(), "matched along the absent edge {}-{}", i, j);
                        total += w.unwrap();
                    }
                }
            }
            prop_assert_eq!(total, brute_force_best(vertices, &weights));
        }
    }

    #[test]
    fn huge_weights_keep_their_lowest_digits() {
        // Two matchings of equal weight but for the lowest unit, at the top of the range.
        let base = MAX_WEIGHT - 10;
        let mate = max_weight_matching(4, |i, j| match (i, j) {
            (0, 1) | (2, 3) => Some(base),
            (0, 2) => Some(base + 1),
            (1, 3) => Some(base),
            _ => None,
        });
        assert_eq!(mate, vec![Some(2), Some(3), Some(0), Some(1)]);
    }
}
