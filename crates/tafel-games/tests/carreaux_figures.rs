//! The figures of `docs/rules/carreaux.md`, "What the literal rules do": the whole game tree
//! from each start layout (number of games, distinct positions, game lengths, results), and
//! the longest games from random boards; and the spec's count of unconnected sets with group
//! value 0. Ignored by default (they take a few seconds in release builds); run with
//!
//! ```text
//! cargo test -p tafel-games --release --test carreaux_figures -- --ignored --nocapture
//! ```

use std::collections::{BTreeMap, HashSet};

use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Status};
use tafel_games::carreaux::{Board, Carreaux, CarreauxSettings, CellSet, State};

fn game(pairs: &[(&str, &str)]) -> Carreaux {
    Carreaux::new(CarreauxSettings::from_pairs("carreaux", pairs).unwrap()).unwrap()
}

/// What the whole game tree from one position holds.
#[derive(Default)]
struct Tree {
    games: u64,
    positions: HashSet<u64>,
    lengths: BTreeMap<u32, u64>,
    results: BTreeMap<&'static str, u64>,
}

impl Tree {
    fn of(g: &Carreaux, start: &State) -> Tree {
        let mut tree = Tree::default();
        tree.walk(g, start, 0);
        tree
    }

    fn walk(&mut self, g: &Carreaux, state: &State, depth: u32) {
        self.positions.insert(g.hash(state));
        match g.status(state) {
            Status::Over(outcome) => {
                self.games += 1;
                *self.lengths.entry(depth).or_default() += 1;
                *self.results.entry(outcome.reason).or_default() += 1;
            }
            _ => {
                for mv in g.legal_move_vec(state) {
                    self.walk(g, &g.after(state, mv), depth + 1);
                }
            }
        }
    }
}

/// A random arrangement of `n * n / 4` tiles of each colour with the bubble anywhere, Red to
/// move; `None` when a colour is already connected.
fn random_board(g: &Carreaux, rng: &mut impl Rng) -> Option<State> {
    let n = g.settings().size;
    let mut cells: Vec<char> = vec!['G'; n * n];
    let tiles = n * n / 4;
    for (i, ch) in std::iter::once('.')
        .chain(std::iter::repeat_n('R', tiles))
        .chain(std::iter::repeat_n('B', tiles))
        .enumerate()
    {
        cells[i] = ch;
    }
    for i in 0..cells.len() {
        let j = rng.random_range(i..cells.len());
        cells.swap(i, j);
    }
    let rows: Vec<String> = cells.chunks(n).map(|r| r.iter().collect()).collect();
    let state = g.parse_position(&format!("r:{}", rows.join("/"))).ok()?;
    let connected = |set: CellSet| set.is_connected(g.board());
    (!connected(state.red()) && !connected(state.blue())).then_some(state)
}

#[test]
#[ignore]
fn literal_rules_figures() {
    println!("size layout start-total games positions lengths results");
    for size in ["4", "6", "8", "10", "12"] {
        for layout in ["diag", "halves", "rows"] {
            let g = game(&[("size", size), ("layout", layout)]);
            let start = g.start();
            let tree = Tree::of(&g, &start);
            println!(
                "{size}x{size} {layout}: total {}, {} games, {} positions, lengths {:?}, {:?}",
                start.total(),
                tree.games,
                tree.positions.len(),
                tree.lengths,
                tree.results
            );
            assert_eq!(
                tree.results.len(),
                1,
                "every game ends without a connection"
            );
        }
    }
    for size in ["4", "6", "8"] {
        for layout in ["diag", "halves", "rows"] {
            let g = game(&[("size", size), ("layout", layout), ("group", "mst")]);
            let tree = Tree::of(&g, &g.start());
            println!(
                "{size}x{size} {layout} group=mst (variant): {} games, lengths {:?}, {:?}",
                tree.games, tree.lengths, tree.results
            );
        }
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2025);
    for size in ["4", "6", "8"] {
        let g = game(&[("size", size)]);
        let (mut boards, mut games, mut longest, mut connecting) = (0, 0u64, 0, 0);
        let mut results = BTreeMap::new();
        while boards < 1000 {
            let Some(state) = random_board(&g, &mut rng) else {
                continue;
            };
            boards += 1;
            let tree = Tree::of(&g, &state);
            games += tree.games;
            longest = longest.max(*tree.lengths.keys().last().unwrap());
            if tree
                .results
                .keys()
                .any(|reason| reason.contains("connected"))
            {
                connecting += 1;
            }
            for (reason, count) in tree.results {
                *results.entry(reason).or_insert(0u64) += count;
            }
        }
        println!(
            "{size}x{size} random boards: {boards} boards ({connecting} with a connecting game), \
             {games} games, longest {longest} plies, {results:?}"
        );
    }
}

/// The spec's count of nine-tile sets on 6 x 6 whose group value is 0 (at least eight touching
/// pairs, whatever the bubble) and of those among them that are not connected.
#[test]
#[ignore]
fn value_zero_sets_on_6x6() {
    const N: u32 = 6;
    let not_last_file: u64 = (0..36).filter(|c| c % N != N - 1).map(|c| 1u64 << c).sum();
    let touching =
        |s: u64| ((s & not_last_file) & (s >> 1)).count_ones() + (s & (s >> N)).count_ones();
    let board = Board::new(6);
    let connected = |s: u64| {
        let mut set = CellSet::default();
        (0..36)
            .filter(|c| s >> c & 1 != 0)
            .for_each(|c| set.insert(c));
        set.is_connected(&board)
    };
    let (mut zero, mut apart) = (0u64, 0u64);
    let mut s: u64 = (1 << 9) - 1;
    while s < 1 << 36 {
        if touching(s) >= 8 {
            zero += 1;
            if !connected(s) {
                apart += 1;
            }
        }
        // Gosper's hack: the next set with as many members.
        let low = s & s.wrapping_neg();
        let ripple = s + low;
        s = ripple | (((s ^ ripple) >> 2) / low);
    }
    println!("6x6 nine-tile sets with group value 0: {zero}, not connected: {apart}");
    assert_eq!((zero, apart), (405_664, 347_040));
}
