//! The three searchers behind one type, built from an [`Algorithm`]: what the levels play with
//! ([`crate::erased`]) and what the evaluations on the one scale search with
//! ([`crate::scale::Assessor`]).

use crate::agent::{Agent, Decision, Evaluation};
use crate::alphabeta::{score_evaluation, AlphaBeta, AlphaBetaConfig};
use crate::budget::Budget;
use crate::erased::AgentOptions;
use crate::eval::LeafEvaluator;
use crate::expectimax::{value_evaluation, Expectimax, ExpectimaxConfig};
use crate::games::GameAi;
use crate::levels::Algorithm;
use crate::mcts::{Mcts, MctsConfig};

/// The leaf evaluation of a game's searchers.
type Leaves<G> = LeafEvaluator<<G as GameAi>::Heuristic>;

/// One of the searchers, running an [`Algorithm`] on the game `G`.
pub(crate) enum Searcher<G: GameAi> {
    /// Alpha-beta (two seats).
    AlphaBeta(AlphaBeta<G, Leaves<G>>),
    /// Expectimax (two seats).
    Expectimax(Expectimax<G, Leaves<G>>),
    /// MCTS (any game; also what the minimax algorithms become with more than two seats).
    Mcts(Mcts<G, Leaves<G>>),
}

impl<G: GameAi> Searcher<G> {
    /// The searcher `algorithm` asks for on `game`, or `None` for random play. A perfect
    /// level's stand-in is built for [`Algorithm::Perfect`]. The minimax searchers need two
    /// seats; with more, the level's node budget goes to MCTS instead (a tenth of it, as
    /// iterations cost about ten nodes).
    pub(crate) fn new(game: &G, algorithm: Algorithm, options: &AgentOptions) -> Option<Self> {
        let work = |units: u64| {
            Budget::work(units)
                .and_time(options.time_cap)
                .and_maybe_stop(options.stop.clone())
        };
        let evaluator = |leaf| LeafEvaluator::new(leaf, G::Heuristic::default());
        let mcts = |iterations: u64, leaf| {
            let config = MctsConfig {
                threads: options.threads.max(1),
                ..MctsConfig::new(work(iterations), options.seed)
            };
            Searcher::Mcts(Mcts::new(config, evaluator(leaf)))
        };
        let two_seats = game.num_players() == 2;
        Some(match algorithm {
            Algorithm::Random => return None,
            Algorithm::Mcts { iterations, leaf } => mcts(iterations, leaf),
            Algorithm::AlphaBeta { depth, nodes, leaf } if two_seats => {
                Searcher::AlphaBeta(AlphaBeta::new(
                    AlphaBetaConfig {
                        budget: work(nodes),
                        max_depth: depth,
                        table_bits: 18,
                        seed: options.seed,
                    },
                    evaluator(leaf),
                ))
            }
            Algorithm::Expectimax { depth, nodes, leaf } if two_seats => {
                Searcher::Expectimax(Expectimax::new(
                    ExpectimaxConfig {
                        budget: work(nodes),
                        max_depth: depth,
                        seed: options.seed,
                    },
                    evaluator(leaf),
                ))
            }
            Algorithm::AlphaBeta { nodes, leaf, .. }
            | Algorithm::Expectimax { nodes, leaf, .. } => mcts((nodes / 10).max(1), leaf),
            Algorithm::Perfect { otherwise } => return Searcher::new(game, *otherwise, options),
        })
    }

    /// The best move of `state` but `excluded`, with the search's evaluation of it for the
    /// mover and how much the search did; `None` where nobody is to move or no other move is
    /// legal.
    pub(crate) fn best_excluding(
        &mut self,
        game: &G,
        state: &G::State,
        excluded: G::Move,
    ) -> Option<Decision<G::Move>> {
        match self {
            Searcher::AlphaBeta(search) => {
                let r = search.analyse_excluding(game, state, Some(excluded))?;
                Some(Decision {
                    mv: r.best,
                    evaluation: score_evaluation(r.score),
                    effort: crate::effort::alpha_beta(r.depth, r.nodes),
                })
            }
            Searcher::Expectimax(search) => {
                let r = search.analyse_excluding(game, state, Some(excluded))?;
                Some(Decision {
                    mv: r.best,
                    evaluation: value_evaluation(r.value),
                    effort: crate::effort::expectimax(r.depth, r.nodes),
                })
            }
            Searcher::Mcts(search) => {
                let stats = search.analyse(game, state);
                let &(mv, _, value) = stats
                    .iter()
                    .filter(|s| s.0 != excluded)
                    .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))?;
                Some(Decision {
                    mv,
                    evaluation: Evaluation::Expected(value),
                    effort: crate::effort::mcts(search.root_visits()),
                })
            }
        }
    }
}

impl<G: GameAi> Agent<G> for Searcher<G> {
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>> {
        match self {
            Searcher::AlphaBeta(search) => search.choose(game, state),
            Searcher::Expectimax(search) => search.choose(game, state),
            Searcher::Mcts(search) => search.choose(game, state),
        }
    }
}
