//! Monte Carlo tree search (UCT) for any game: two to four seats, teams, chance.
//!
//! - Decision nodes choose by UCB1 on the mean payoff of the seat to move; payoffs are kept
//!   per seat and come from [`tafel_core::Outcome::payoff`], so team partners share a win.
//! - Chance nodes are never chosen: each iteration samples an outcome by
//!   [`Game::chance_probability`], so their values are averages over the die.
//! - The tree lives in two flat arenas (nodes and edges) that are reused between moves: when
//!   asked about a position reached from the old root, the subtree below it is kept.
//! - Root parallelisation: `threads` independent trees with their own seeds search at the same
//!   time and their root statistics are added up. With a work budget and a fixed number of
//!   threads, the result depends only on the seed.

use rand::Rng;
use rayon::prelude::*;
use tafel_core::{Game, Player, Status, MAX_PLAYERS};

use crate::agent::{Agent, Decision, Evaluation};
use crate::budget::Budget;
use crate::eval::{outcome_payoffs, EvalContext, Evaluator, Payoffs};

/// The settings of one MCTS player.
#[derive(Clone, PartialEq, Debug)]
pub struct MctsConfig {
    /// Iterations (work units) and/or time per move, for all threads together.
    pub budget: Budget,
    /// The UCB1 exploration constant, for payoffs in [0, 1].
    pub exploration: f64,
    /// How many independent trees search at once.
    pub threads: usize,
    /// The seed of the first tree's generator (tree `i` uses a seed derived from it).
    pub seed: u64,
}

impl MctsConfig {
    /// A single-threaded search with the given budget and seed and the usual exploration.
    pub fn new(budget: Budget, seed: u64) -> Self {
        MctsConfig {
            budget,
            exploration: 0.8,
            threads: 1,
            seed,
        }
    }
}

/// A node index meaning "not created yet".
const NONE: u32 = u32::MAX;
/// The largest number of edges a tree grows to; past it, a search stops early rather than
/// exhaust memory (about 16 bytes per edge).
const MAX_EDGES: usize = 1 << 24;

#[derive(Clone, Copy, Debug)]
enum NodeKind {
    Decision(Player),
    Chance,
    Over([f32; MAX_PLAYERS]),
}

#[derive(Clone, Copy, Debug)]
struct Node {
    visits: u32,
    /// Sum of the backed-up payoffs, per seat.
    payoff: [f32; MAX_PLAYERS],
    first_edge: u32,
    edge_count: u32,
    expanded: bool,
    kind: NodeKind,
}

#[derive(Clone, Copy, Debug)]
struct Edge<M> {
    mv: M,
    child: u32,
    /// The outcome's probability at a chance node (unused at decision nodes).
    probability: f32,
}

/// Root statistics of one move, added up over the trees.
#[derive(Clone, Copy, Debug)]
struct RootStat<M> {
    mv: M,
    visits: u64,
    payoff: f64,
}

/// One search tree with its root position and its own generator.
struct Tree<G: Game> {
    root: G::State,
    nodes: Vec<Node>,
    edges: Vec<Edge<G::Move>>,
    path: Vec<u32>,
    ctx: EvalContext<G>,
}

fn kind_of<G: Game>(game: &G, state: &G::State) -> NodeKind {
    match game.status(state) {
        Status::ToMove(p) => NodeKind::Decision(p),
        Status::Chance => NodeKind::Chance,
        Status::Over(outcome) => {
            NodeKind::Over(outcome_payoffs(&outcome, game.num_players()).map(|p| p as f32))
        }
    }
}

fn new_node(kind: NodeKind) -> Node {
    Node {
        visits: 0,
        payoff: [0.0; MAX_PLAYERS],
        first_edge: 0,
        edge_count: 0,
        expanded: false,
        kind,
    }
}

impl<G: Game> Tree<G> {
    fn new(game: &G, root: G::State, seed: u64) -> Self {
        let mut tree = Tree {
            root: root.clone(),
            nodes: Vec::new(),
            edges: Vec::new(),
            path: Vec::with_capacity(128),
            ctx: EvalContext::new(seed),
        };
        tree.reset(game, root);
        tree
    }

    fn reset(&mut self, game: &G, root: G::State) {
        self.nodes.clear();
        self.edges.clear();
        self.nodes.push(new_node(kind_of(game, &root)));
        self.root = root;
    }

    /// Makes `target` the root, keeping the subtree below it if it lies within a few plies of
    /// the old root (the moves played since the last search); otherwise starts afresh.
    fn advance_to(&mut self, game: &G, target: &G::State) {
        if *target == self.root {
            return;
        }
        let max_depth = 2 * game.num_players() + 2;
        let hash = game.hash(target);
        match self.find(game, 0, &self.root.clone(), target, hash, max_depth) {
            Some(node) => self.keep_subtree(node, target.clone()),
            None => self.reset(game, target.clone()),
        }
    }

    /// The node below `node` (whose position is `state`) holding `target`, searching the
    /// existing tree to `depth` plies.
    fn find(
        &self,
        game: &G,
        node: u32,
        state: &G::State,
        target: &G::State,
        hash: u64,
        depth: usize,
    ) -> Option<u32> {
        if game.hash(state) == hash && state == target {
            return Some(node);
        }
        if depth == 0 {
            return None;
        }
        let n = self.nodes[node as usize];
        (n.first_edge..n.first_edge + n.edge_count).find_map(|e| {
            let edge = self.edges[e as usize];
            if edge.child == NONE {
                return None;
            }
            let mut next = state.clone();
            game.apply(&mut next, edge.mv);
            self.find(game, edge.child, &next, target, hash, depth - 1)
        })
    }

    /// Copies the subtree under `node` into fresh arenas, with `node` as the new root.
    fn keep_subtree(&mut self, node: u32, state: G::State) {
        let mut nodes = Vec::with_capacity(self.nodes.len());
        let mut edges = Vec::with_capacity(self.edges.len());
        nodes.push(self.nodes[node as usize]);
        let mut next = 0;
        // Breadth first: every copied node's edges are copied and its children appended.
        while next < nodes.len() {
            let old: Node = nodes[next];
            let first = edges.len() as u32;
            for e in old.first_edge..old.first_edge + old.edge_count {
                let mut edge: Edge<G::Move> = self.edges[e as usize];
                if edge.child != NONE {
                    nodes.push(self.nodes[edge.child as usize]);
                    edge.child = nodes.len() as u32 - 1;
                }
                edges.push(edge);
            }
            nodes[next].first_edge = first;
            next += 1;
        }
        self.nodes = nodes;
        self.edges = edges;
        self.root = state;
    }

    fn expand(&mut self, game: &G, node: u32, state: &G::State) {
        game.legal_moves(state, &mut self.ctx.moves);
        let chance = matches!(self.nodes[node as usize].kind, NodeKind::Chance);
        let first = self.edges.len() as u32;
        for (i, &mv) in self.ctx.moves.iter().enumerate() {
            let probability = if chance {
                game.chance_probability(state, &self.ctx.moves, i) as f32
            } else {
                0.0
            };
            self.edges.push(Edge {
                mv,
                child: NONE,
                probability,
            });
        }
        let n = &mut self.nodes[node as usize];
        n.first_edge = first;
        n.edge_count = self.ctx.moves.len() as u32;
        n.expanded = true;
    }

    /// The edge to follow from `node`: a sampled outcome at chance, else an untried move at
    /// random, else the best by UCB1 for the seat to move.
    fn select(&mut self, node: u32, exploration: f64) -> u32 {
        let n = self.nodes[node as usize];
        let edges = n.first_edge..n.first_edge + n.edge_count;
        match n.kind {
            NodeKind::Chance => {
                let mut roll: f32 = self.ctx.rng.random();
                for e in edges.clone() {
                    roll -= self.edges[e as usize].probability;
                    if roll < 0.0 {
                        return e;
                    }
                }
                edges.end - 1
            }
            NodeKind::Decision(player) => {
                let untried = edges
                    .clone()
                    .filter(|&e| self.edges[e as usize].child == NONE)
                    .count();
                if untried > 0 {
                    let pick = self.ctx.rng.random_range(0..untried);
                    return edges
                        .filter(|&e| self.edges[e as usize].child == NONE)
                        .nth(pick)
                        .expect("pick < untried");
                }
                let log_n = (n.visits.max(1) as f64).ln();
                let seat = player.index();
                let mut best = (f64::NEG_INFINITY, edges.start);
                for e in edges {
                    let child = self.nodes[self.edges[e as usize].child as usize];
                    let visits = child.visits.max(1) as f64;
                    let score =
                        child.payoff[seat] as f64 / visits + exploration * (log_n / visits).sqrt();
                    if score > best.0 {
                        best = (score, e);
                    }
                }
                best.1
            }
            NodeKind::Over(_) => unreachable!("finished positions have no edges"),
        }
    }

    /// One iteration: select down to a new or finished node, evaluate it, back the payoffs up.
    fn iterate<E: Evaluator<G>>(&mut self, game: &G, evaluator: &E, exploration: f64) {
        let mut state = self.root.clone();
        let mut node = 0u32;
        self.path.clear();
        let payoffs: Payoffs = loop {
            self.path.push(node);
            let n = self.nodes[node as usize];
            if let NodeKind::Over(p) = n.kind {
                break p.map(f64::from);
            }
            if n.visits == 0 && node != 0 {
                break evaluator.evaluate(game, &state, &mut self.ctx);
            }
            if !n.expanded {
                self.expand(game, node, &state);
            }
            let e = self.select(node, exploration);
            let edge = self.edges[e as usize];
            game.apply(&mut state, edge.mv);
            node = if edge.child == NONE {
                self.nodes.push(new_node(kind_of(game, &state)));
                let child = self.nodes.len() as u32 - 1;
                self.edges[e as usize].child = child;
                child
            } else {
                edge.child
            };
        };
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (sum, p) in node.payoff.iter_mut().zip(payoffs) {
                *sum += p as f32;
            }
        }
    }

    fn search<E: Evaluator<G>>(
        &mut self,
        game: &G,
        evaluator: &E,
        config: &MctsConfig,
        budget: &Budget,
    ) {
        let mut meter = budget.start();
        loop {
            self.iterate(game, evaluator, config.exploration);
            if meter.spend() || self.edges.len() >= MAX_EDGES {
                return;
            }
        }
    }

    fn root_stats(&self) -> Vec<RootStat<G::Move>> {
        let root = self.nodes[0];
        let NodeKind::Decision(player) = root.kind else {
            return Vec::new();
        };
        (root.first_edge..root.first_edge + root.edge_count)
            .map(|e| {
                let edge = self.edges[e as usize];
                let (visits, payoff) = match edge.child {
                    NONE => (0, 0.0),
                    c => {
                        let child = self.nodes[c as usize];
                        (child.visits as u64, child.payoff[player.index()] as f64)
                    }
                };
                RootStat {
                    mv: edge.mv,
                    visits,
                    payoff,
                }
            })
            .collect()
    }
}

/// An MCTS player: its trees persist between moves so that work below the moves actually
/// played is reused.
pub struct Mcts<G: Game, E: Evaluator<G>> {
    config: MctsConfig,
    evaluator: E,
    trees: Vec<Tree<G>>,
}

/// The generator seed of tree `index` for a player seeded with `seed` (SplitMix64 step, so
/// neighbouring seeds give unrelated streams).
fn tree_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed.wrapping_add((index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A player with the given settings and leaf evaluation.
    pub fn new(config: MctsConfig, evaluator: E) -> Self {
        Mcts {
            config,
            evaluator,
            trees: Vec::new(),
        }
    }

    /// Searches `state` within the budget (reusing earlier trees where possible) and returns
    /// every root move with its visit count and mean payoff for the mover, in move order.
    /// Empty when nobody is to move in `state`.
    pub fn analyse(&mut self, game: &G, state: &G::State) -> Vec<(G::Move, u64, f64)> {
        if !matches!(game.status(state), Status::ToMove(_)) {
            return Vec::new();
        }
        let threads = self.config.threads.max(1);
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|i| Tree::new(game, state.clone(), tree_seed(self.config.seed, i)))
                .collect();
        }
        let budget = self.config.budget.clone().split(threads);
        let (config, evaluator) = (&self.config, &self.evaluator);
        let run = |tree: &mut Tree<G>| {
            tree.advance_to(game, state);
            tree.search(game, evaluator, config, &budget);
        };
        if threads == 1 {
            run(&mut self.trees[0]);
        } else {
            self.trees.par_iter_mut().for_each(run);
        }
        let mut total = self.trees[0].root_stats();
        for tree in &self.trees[1..] {
            for (sum, stat) in total.iter_mut().zip(tree.root_stats()) {
                debug_assert_eq!(sum.mv, stat.mv, "trees expand the same root alike");
                sum.visits += stat.visits;
                sum.payoff += stat.payoff;
            }
        }
        total
            .into_iter()
            .map(|s| (s.mv, s.visits, s.payoff / s.visits.max(1) as f64))
            .collect()
    }

    /// Iterations in the trees' roots now (all threads), which counts reused work too.
    pub fn root_visits(&self) -> u64 {
        self.trees.iter().map(|t| t.nodes[0].visits as u64).sum()
    }

    /// The moves generated in the trees now (all threads): every expanded node's legal moves
    /// or chance outcomes. Which nodes get expanded follows the search's choices, so this is
    /// the count the search signature ([`crate::signature`]) adds up for MCTS.
    pub fn generated(&self) -> u64 {
        self.trees.iter().map(|t| t.edges.len() as u64).sum()
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for Mcts<G, E> {
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>> {
        let stats = self.analyse(game, state);
        // The most visited move, the better mean breaking ties.
        let &(mv, _, value) = stats.iter().max_by(|a, b| {
            a.1.cmp(&b.1)
                .then(a.2.partial_cmp(&b.2).unwrap_or(std::cmp::Ordering::Equal))
        })?;
        Some(Decision {
            mv,
            evaluation: Evaluation::Expected(value),
            effort: crate::effort::mcts(self.root_visits()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_seeds_differ_per_tree_and_seed() {
        assert_ne!(tree_seed(1, 0), tree_seed(1, 1));
        assert_ne!(tree_seed(1, 0), tree_seed(2, 0));
    }
}
